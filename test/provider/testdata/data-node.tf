# Reads the node var.id and outputs every attribute.
variable "id" {
  type = string
}

data "nodeplane_node" "n" {
  id = var.id
}

output "node" {
  value = data.nodeplane_node.n
}
