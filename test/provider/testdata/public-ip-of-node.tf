# An address of the existing node var.node_id, for import.
variable "node_id" {
  type = string
}

resource "nodeplane_public_ip" "x" {
  node_id = var.node_id
}
