# One SSH key; the test sets its name and key text.
variable "name" {
  type = string
}

variable "public_key" {
  type = string
}

resource "nodeplane_ssh_key" "k" {
  name       = var.name
  public_key = var.public_key
}

output "fingerprint" {
  value = nodeplane_ssh_key.k.fingerprint
}
