# The configuration of a node made outside Terraform with keys, labels and user data, for import.
variable "ssh_keys" {
  type = list(string)
}

variable "user_data" {
  type = string
}

resource "nodeplane_node" "n" {
  name           = "imported-full"
  region         = "eu-west-1"
  labels         = { env = "prod", "example.com/tier" = "web" }
  ssh_keys       = var.ssh_keys
  password_login = false
  user_data      = var.user_data
}
