resource "nodeplane_vpc" "backend" {
  name        = "backend"
  region      = "eu-central-1"
  description = "Private network of the API tier"
  labels      = { env = "prod" }
}

output "cidr" {
  value = nodeplane_vpc.backend.cidr
}
