resource "nodeplane_node" "web" {
  name = "web-1"
}

# An IPv6 address allocated from the pools, beside the node's automatic IPv4.
resource "nodeplane_public_ip" "v6" {
  node_id = nodeplane_node.web.id
  version = 6
}

# A specific address from the server's IPv4 pools.
resource "nodeplane_public_ip" "fixed" {
  node_id = nodeplane_node.web.id
  address = "198.51.100.200"
}
