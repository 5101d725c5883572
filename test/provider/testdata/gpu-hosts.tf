# The active GPU hosts of one region under a price, cheapest first.
data "nodeplane_compute_hosts" "gpu" {
  gpu              = true
  region           = "eu-central-1"
  status           = "active"
  max_hourly_price = 1.5
}

output "hosts" {
  value = data.nodeplane_compute_hosts.gpu.hosts
}
