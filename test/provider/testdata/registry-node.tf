# One node, with the provider from the nodeplane server's own registry (registry.test.ts puts
# the server's localhost:<port> in place of SERVER): no CLI configuration, no install step.
terraform {
  required_providers {
    nodeplane = { source = "SERVER/nodeplane/nodeplane" }
  }
}

variable "endpoint" {
  type = string
}

variable "api_key" {
  type      = string
  sensitive = true
}

variable "name" {
  type = string
}

provider "nodeplane" {
  endpoint = var.endpoint
  api_key  = var.api_key
}

resource "nodeplane_node" "n" {
  name = var.name
}

output "id" {
  value = nodeplane_node.n.id
}
