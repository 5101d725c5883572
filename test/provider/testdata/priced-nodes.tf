# var.nodes nodes in var.region (on var.host_id, when set), each named for its index, so the
# plan shows their hosts and prices; a new var.user_data replaces them.
variable "nodes" {
  type = number
}

variable "region" {
  type    = string
  default = "us-east-1"
}

variable "host_id" {
  type    = string
  default = null
}

variable "user_data" {
  type    = string
  default = null
}

resource "nodeplane_node" "n" {
  count  = var.nodes
  name   = "priced-${count.index}"
  region  = var.region
  host_id = var.host_id

  user_data        = var.user_data
  user_data_change = "replace"
}
