# One VPC; the test sets its description and labels.
variable "description" {
  type = string
}

variable "labels" {
  type = map(string)
}

resource "nodeplane_vpc" "v" {
  name        = "tf-labelled"
  region      = "eu-west-1"
  description = var.description
  labels      = var.labels
}

output "id" {
  value = nodeplane_vpc.v.id
}
