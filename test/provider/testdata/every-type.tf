# One of every resource and data source the provider has, wired together as a user would: the
# second CLI's pass (test/run-all.sh, terraform after tofu) runs this smoke, not every suite again.
# The node's name: the test renames it in place.
variable "name" {
  type = string
}

variable "public_key" {
  type = string
}

resource "nodeplane_vpc" "net" {
  name   = "smoke-net"
  region = "eu-west-1"
}

resource "nodeplane_ssh_key" "key" {
  name       = "smoke-key"
  public_key = var.public_key
}

resource "nodeplane_node" "web" {
  name     = var.name
  region   = "eu-west-1"
  vpc_id   = nodeplane_vpc.net.id
  ssh_keys = [nodeplane_ssh_key.key.id]
  labels   = { role = "smoke" }
}

resource "nodeplane_public_ip" "v6" {
  node_id = nodeplane_node.web.id
  version = 6
}

resource "nodeplane_firewall" "fw" {
  name = "smoke-fw"
  rule {
    protocol   = "tcp"
    port       = "22"
    source_ips = ["0.0.0.0/0"]
  }
  apply_to {
    label_selector = "role=smoke"
  }
}

# Every host of the region, whatever its status: the node's own host turns reserved meanwhile.
data "nodeplane_compute_hosts" "eu" {
  region = "eu-west-1"
}

data "nodeplane_node" "web" {
  id = nodeplane_node.web.id
}

data "nodeplane_nodes" "smoke" {
  label_selector = "role=smoke"
  depends_on     = [nodeplane_node.web]
}

data "nodeplane_firewall" "fw" {
  name = nodeplane_firewall.fw.name
}

output "summary" {
  value = {
    node_status   = data.nodeplane_node.web.status
    nodes         = data.nodeplane_nodes.smoke.nodes[*].id
    firewall_id   = data.nodeplane_firewall.fw.id
    hosts         = length(data.nodeplane_compute_hosts.eu.hosts)
    public_ip     = nodeplane_public_ip.v6.ip
  }
}
