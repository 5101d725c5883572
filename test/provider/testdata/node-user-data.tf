# One node with user data, what a change of it does (user_data_change, and the deprecated
# switch it replaces), and what create waits for.
variable "user_data" {
  type = string
}

variable "user_data_change" {
  type    = string
  default = null
}

variable "replace_on_user_data_change" {
  type    = bool
  default = null
}

variable "wait_for" {
  type = string
}

resource "nodeplane_node" "n" {
  name                        = "tf-user-data"
  user_data                   = var.user_data
  user_data_change            = var.user_data_change
  replace_on_user_data_change = var.replace_on_user_data_change
  wait_for                    = var.wait_for
}

output "id" {
  value = nodeplane_node.n.id
}

output "user_data_status" {
  value = nodeplane_node.n.user_data_status
}
