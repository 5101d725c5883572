# A first fleet the way people run servers: your SSH key from its file, two web nodes and a
# database node that only the key can log in to, labelled, and a data source that selects the
# web nodes by label. endpoint and api_key come from NODEPLANE_ENDPOINT and NODEPLANE_API_KEY.
terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}

provider "nodeplane" {}

variable "ssh_public_key_file" {
  type        = string
  default     = "~/.ssh/id_ed25519.pub"
  description = "Your public key; ssh-keygen -t ed25519 makes one."
}

locals {
  labels = { stack = "keys-labels", env = "dev" }
}

resource "nodeplane_ssh_key" "me" {
  name = "keys-labels"
  # trimspace: the .pub file ends with a newline, the key does not.
  public_key = trimspace(file(pathexpand(var.ssh_public_key_file)))
  labels     = local.labels

  # A new key file: the nodes move to the new key before the old one is deleted.
  lifecycle {
    create_before_destroy = true
  }
}

resource "nodeplane_vpc" "app" {
  name   = "keys-labels"
  region = "eu-central-1"
  labels = local.labels
}

# Adding or rotating keys, renaming and relabelling all change the nodes in place.
resource "nodeplane_node" "web" {
  count          = 2
  name           = "keys-labels-web-${count.index}"
  vpc_id         = nodeplane_vpc.app.id
  labels         = merge(local.labels, { role = "web" })
  ssh_keys       = [nodeplane_ssh_key.me.id]
  password_login = false
}

resource "nodeplane_node" "db" {
  name           = "keys-labels-db"
  vpc_id         = nodeplane_vpc.app.id
  labels         = merge(local.labels, { role = "db" })
  ssh_keys       = [nodeplane_ssh_key.me.id]
  password_login = false
}

# Read once the nodes exist: every web node of this stack, however it was made.
data "nodeplane_nodes" "web" {
  label_selector = "stack=keys-labels,role=web"
  depends_on     = [nodeplane_node.web, nodeplane_node.db]
}

output "web_ips" {
  value = data.nodeplane_nodes.web.nodes[*].ip_address
}

output "ssh" {
  value = [for n in data.nodeplane_nodes.web.nodes : "ssh root@${n.ip_address}"]
}
