# The configuration of a VPC and a node made outside Terraform, for import.
resource "nodeplane_vpc" "v" {
  name   = "imported"
  region = "us-west-1"
}

resource "nodeplane_node" "n" {
  name   = "imported-node"
  vpc_id = nodeplane_vpc.v.id
}
