# One node with user data, the switch that makes a change of it replace the node, and what
# create waits for.
variable "user_data" {
  type = string
}

variable "replace_on_user_data_change" {
  type = bool
}

variable "wait_for" {
  type = string
}

resource "nodeplane_node" "n" {
  name                        = "tf-user-data"
  user_data                   = var.user_data
  replace_on_user_data_change = var.replace_on_user_data_change
  wait_for                    = var.wait_for
}

output "id" {
  value = nodeplane_node.n.id
}

output "user_data_status" {
  value = nodeplane_node.n.user_data_status
}
