resource "nodeplane_vpc" "backend" {
  name   = "backend"
  region = "eu-central-1"
}

resource "nodeplane_ssh_key" "ada" {
  name = "ada-laptop"
  # Usually trimspace(file("~/.ssh/id_ed25519.pub")).
  public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGeWXxrAXaxIWDYS2R9l7rWsZ1kaetfl/eDOMh4msxdb ada@laptop"

  # Rotating the key moves the node to the new one before the old one is deleted.
  lifecycle {
    create_before_destroy = true
  }
}

# The cheapest active host of the VPC's region; waits until the node accepts SSH connections.
# Name, labels, ssh_keys and password_login change in place: the node id stays.
resource "nodeplane_node" "web" {
  name           = "web-1"
  vpc_id         = nodeplane_vpc.backend.id
  labels         = { env = "prod", tier = "web" }
  ssh_keys       = [nodeplane_ssh_key.ada.id]
  password_login = false

  # Runs once, at first boot. A later change rebuilds the node in place: its disk is wiped and
  # the new script runs, while its id and addresses stay ("ignore", the default, records a
  # change in the state only; "replace" replaces the node).
  user_data        = <<-EOT
    #cloud-config
    write_files:
      - path: /etc/motd
        content: "web-1, managed by Terraform\n"
    runcmd:
      - [touch, /root/ready]
  EOT
  wait_for         = "user_data"
  user_data_change = "rebuild"

  timeouts {
    create = "10m"
  }
}

output "ssh" {
  value = "ssh root@${nodeplane_node.web.ip_address}"
}
