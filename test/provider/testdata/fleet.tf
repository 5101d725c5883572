# var.nodes nodes named wait-0, wait-1, ...
variable "nodes" {
  type = number
}

resource "nodeplane_node" "fleet" {
  count = var.nodes
  name  = "wait-${count.index}"
}
