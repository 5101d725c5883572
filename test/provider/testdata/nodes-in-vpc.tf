# A VPC and var.nodes nodes in it.
variable "nodes" {
  type = number
}

resource "nodeplane_vpc" "net" {
  name        = "tf-net"
  region      = "eu-central-1"
  description = "made by tofu"
}

resource "nodeplane_node" "web" {
  count  = var.nodes
  name   = "tf-web-${count.index}"
  vpc_id = nodeplane_vpc.net.id
}

output "ips" {
  value = nodeplane_node.web[*].ip_address
}
