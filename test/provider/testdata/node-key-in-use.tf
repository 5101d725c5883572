# One key without create_before_destroy and a node that uses it: replacing the key deletes it
# first, which the server refuses while the node uses it.
variable "public_key" {
  type = string
}

resource "nodeplane_ssh_key" "k" {
  name       = "tf-in-use"
  public_key = var.public_key
}

resource "nodeplane_node" "n" {
  name     = "tf-key-in-use"
  ssh_keys = [nodeplane_ssh_key.k.id]
}

output "id" {
  value = nodeplane_node.n.id
}
