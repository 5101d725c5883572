# One node; the test sets its power_state (left out by default).
variable "power_state" {
  type    = string
  default = null
}

resource "nodeplane_node" "n" {
  name        = "tf-power"
  power_state = var.power_state
}

output "power_state" {
  value = nodeplane_node.n.power_state
}
