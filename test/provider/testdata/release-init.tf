# A configuration that pins the released provider's version, so `init` must find exactly that
# version in the local mirror, then reads hosts and creates one node (release.test.ts). Not copied beside provider.tf: it has its own
# required_providers block, with the version.
terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane", version = "0.1.0" }
  }
}

variable "endpoint" {
  type = string
}

variable "api_key" {
  type      = string
  sensitive = true
}

provider "nodeplane" {
  endpoint = var.endpoint
  api_key  = var.api_key
}

data "nodeplane_compute_hosts" "cheap" {
  region = "us-east-1"
}

output "hosts" {
  value = length(data.nodeplane_compute_hosts.cheap.hosts)
}

resource "nodeplane_node" "n" {
  name = "released"
}

output "node_status" {
  value = nodeplane_node.n.status
}
