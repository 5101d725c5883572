# HTTPS from anywhere, SSH from the office, ping; on every node labelled role=web.
resource "nodeplane_firewall" "web" {
  name   = "web"
  labels = { team = "web" }

  rule {
    protocol    = "tcp"
    port        = "443"
    source_ips  = ["0.0.0.0/0", "::/0"]
    description = "HTTPS"
  }

  rule {
    protocol   = "tcp"
    port       = "22"
    source_ips = ["198.51.100.0/24"]
  }

  rule {
    protocol   = "icmp"
    source_ips = ["0.0.0.0/0", "::/0"]
  }

  apply_to {
    label_selector = "role=web"
  }
}

# depends_on orders the two: the firewall exists before the node boots, and destroy deletes the
# node before the firewall, which the API refuses to delete while it still applies to nodes.
resource "nodeplane_node" "web" {
  name       = "web-1"
  labels     = { role = "web" }
  depends_on = [nodeplane_firewall.web]
}
