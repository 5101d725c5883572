# A node with an automatic IPv4 address.
variable "name" {
  type = string
}

resource "nodeplane_node" "n" {
  name = var.name
}

resource "nodeplane_public_ip" "v4" {
  node_id = nodeplane_node.n.id
}

output "address" {
  value = nodeplane_public_ip.v4.address
}
