# A node with an SSH key from the same configuration (its id unknown at plan) and password_login
# left out; var.with_key = false empties its keys.
variable "public_key" {
  type = string
}

variable "with_key" {
  type = bool
}

resource "nodeplane_ssh_key" "k" {
  name       = "tf-keys-only"
  public_key = var.public_key
}

resource "nodeplane_node" "n" {
  name     = "tf-keys-only"
  ssh_keys = var.with_key ? [nodeplane_ssh_key.k.id] : []
}

output "id" {
  value = nodeplane_node.n.id
}
