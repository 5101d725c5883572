# Copied beside every fixture by fixtureWorkdir (test/helpers/tofu.ts); the test sets the
# variables through TF_VAR_endpoint and TF_VAR_api_key.
terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}

variable "endpoint" {
  type = string
}

variable "api_key" {
  type      = string
  sensitive = true
}

provider "nodeplane" {
  endpoint = var.endpoint
  api_key  = var.api_key
}
