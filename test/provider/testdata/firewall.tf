# A firewall applied by label to var.nodes nodes that do not refer to it (nor it to them), so
# destroy deletes both at once; the test sets the HTTPS port and the admin address.
variable "port" {
  type    = string
  default = "443"
}

variable "admin_ip" {
  type    = string
  default = "192.0.2.7"
}

variable "nodes" {
  type    = number
  default = 1
}

resource "nodeplane_node" "web" {
  count  = var.nodes
  name   = "tf-fw-web-${count.index}"
  labels = { role = "tf-fw-web" }
}

resource "nodeplane_firewall" "fw" {
  name   = "tf-web"
  labels = { team = "web" }

  rule {
    protocol    = "tcp"
    port        = var.port
    source_ips  = ["0.0.0.0/0", "::/0"]
    description = "HTTPS"
  }

  rule {
    protocol   = "tcp"
    port       = "22"
    source_ips = [var.admin_ip]
  }

  rule {
    protocol   = "icmp"
    source_ips = ["0.0.0.0/0"]
  }

  apply_to {
    label_selector = "role=tf-fw-web"
  }
}

output "firewall_id" {
  value = nodeplane_firewall.fw.id
}
