# Every running production web or API node of the account that is not marked legacy.
data "nodeplane_nodes" "web" {
  label_selector = "env=prod,tier in (web,api),!legacy"
  status         = "running"
}

output "web_ips" {
  value = data.nodeplane_nodes.web.nodes[*].ip_address
}
