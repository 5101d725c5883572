# SSH keys by name (var.keys, name => public key), and one node with some of them, a name,
# labels and the password login switch: everything that changes in place.
variable "keys" {
  type = map(string)
}

variable "node_keys" {
  type = list(string)
}

variable "name" {
  type = string
}

variable "labels" {
  type = map(string)
}

variable "password_login" {
  type = bool
}

# Nodes move to a new key before an old one is deleted: the server refuses to delete a key that
# a node uses, and without create_before_destroy Terraform deletes a removed key first.
resource "nodeplane_ssh_key" "k" {
  for_each   = var.keys
  name       = "tf-${each.key}"
  public_key = each.value

  lifecycle {
    create_before_destroy = true
  }
}

resource "nodeplane_node" "n" {
  name           = var.name
  labels         = var.labels
  ssh_keys       = [for name in var.node_keys : nodeplane_ssh_key.k[name].id]
  password_login = var.password_login
}

output "id" {
  value = nodeplane_node.n.id
}
