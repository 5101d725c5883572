# SSH keys by name (var.keys) and one node that only they log in to (no password), with
# optional user data and what create waits for: the engine suites run it on a real driver.
variable "keys" {
  type = map(string)
}

variable "node_keys" {
  type = list(string)
}

variable "user_data" {
  type    = string
  default = null
}

variable "wait_for" {
  type    = string
  default = "ssh"
}

resource "nodeplane_ssh_key" "k" {
  for_each   = var.keys
  name       = "tf-${each.key}"
  public_key = each.value

  lifecycle {
    create_before_destroy = true
  }
}

resource "nodeplane_node" "n" {
  name           = "tf-engine"
  ssh_keys       = [for name in var.node_keys : nodeplane_ssh_key.k[name].id]
  password_login = false
  user_data      = var.user_data
  wait_for       = var.wait_for
}

output "id" {
  value = nodeplane_node.n.id
}

output "ip_address" {
  value = nodeplane_node.n.ip_address
}

output "user_data_status" {
  value = nodeplane_node.n.user_data_status
}
