# A firewall managed elsewhere (another stack, the API), by name.
data "nodeplane_firewall" "web" {
  name = "web"
}

output "web_firewall_nodes" {
  value = data.nodeplane_firewall.web.applied_to_nodes
}
