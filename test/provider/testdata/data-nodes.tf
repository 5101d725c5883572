# The nodes matching var.label_selector (and var.region, when set), as a list of ids and names.
variable "label_selector" {
  type = string
}

variable "region" {
  type    = string
  default = null
}

data "nodeplane_nodes" "selected" {
  label_selector = var.label_selector
  region         = var.region
}

output "ids" {
  value = data.nodeplane_nodes.selected.nodes[*].id
}

output "nodes" {
  value = data.nodeplane_nodes.selected.nodes
}
