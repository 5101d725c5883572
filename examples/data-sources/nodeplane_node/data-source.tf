variable "node_id" {
  type        = string
  description = "A node made elsewhere (the dashboard, the API, another stack)."
}

data "nodeplane_node" "existing" {
  id = var.node_id
}

output "private_ip" {
  value = data.nodeplane_node.existing.private_ip
}
