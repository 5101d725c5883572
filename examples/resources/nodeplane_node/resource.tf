resource "nodeplane_vpc" "backend" {
  name   = "backend"
  region = "eu-central-1"
}

# The cheapest active host of the VPC's region; waits until the node is running.
resource "nodeplane_node" "web" {
  name   = "web-1"
  vpc_id = nodeplane_vpc.backend.id

  timeouts {
    create = "5m"
  }
}

output "ssh" {
  value = "ssh root@${nodeplane_node.web.ip_address}"
}
