# One node named var.name.
variable "name" {
  type = string
}

resource "nodeplane_node" "n" {
  name = var.name
}
