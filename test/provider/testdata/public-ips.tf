# A node with an automatic IPv6 address and a specific IPv4 address.
variable "name" {
  type = string
}

resource "nodeplane_node" "n" {
  name = var.name
}

resource "nodeplane_public_ip" "v6" {
  node_id = nodeplane_node.n.id
  version = 6
}

resource "nodeplane_public_ip" "fixed" {
  node_id = nodeplane_node.n.id
  address = "198.51.100.200"
}

output "v6" {
  value = nodeplane_public_ip.v6.ip
}
