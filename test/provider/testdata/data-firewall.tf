# Reads the firewall named var.name and outputs every attribute.
variable "name" {
  type = string
}

data "nodeplane_firewall" "fw" {
  name = var.name
}

output "firewall" {
  value = data.nodeplane_firewall.fw
}
