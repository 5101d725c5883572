# var.nodes nodes in var.region, each named for its index, so the plan shows their hosts and
# prices.
variable "nodes" {
  type = number
}

variable "region" {
  type    = string
  default = "us-east-1"
}

resource "nodeplane_node" "n" {
  count  = var.nodes
  name   = "priced-${count.index}"
  region = var.region
}
