# Hosts with a GPU and at least 64 GB of memory in Frankfurt, at most 2 USD an hour.
data "nodeplane_compute_hosts" "gpu" {
  region           = "eu-central-1"
  status           = "active"
  gpu              = true
  min_memory_gb    = 64
  max_hourly_price = 2
}

resource "nodeplane_node" "trainer" {
  name    = "trainer-1"
  host_id = data.nodeplane_compute_hosts.gpu.hosts[0].id
}
