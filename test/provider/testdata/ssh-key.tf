# One SSH key; the test sets its name, key text and labels.
variable "name" {
  type = string
}

variable "public_key" {
  type = string
}

variable "labels" {
  type    = map(string)
  default = null
}

resource "nodeplane_ssh_key" "k" {
  name       = var.name
  public_key = var.public_key
  labels     = var.labels
}

output "fingerprint" {
  value = nodeplane_ssh_key.k.fingerprint
}
