# One VPC, three nodes in it, an IPv6 address on one, and their addresses as outputs.
# endpoint and api_key come from NODEPLANE_ENDPOINT and NODEPLANE_API_KEY.
terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}

provider "nodeplane" {}

resource "nodeplane_vpc" "backend" {
  name   = "hcl-basic"
  region = "eu-central-1"
}

resource "nodeplane_node" "web" {
  count  = 3
  name   = "hcl-web-${count.index}"
  vpc_id = nodeplane_vpc.backend.id
}

resource "nodeplane_public_ip" "web0_v6" {
  node_id = nodeplane_node.web[0].id
  version = 6
}

output "ipv4" { value = nodeplane_node.web[*].ip_address }
output "ipv6" { value = nodeplane_public_ip.web0_v6.ip }
