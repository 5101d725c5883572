resource "nodeplane_ssh_key" "laptop" {
  name = "ada-laptop"
  # Usually trimspace(file("~/.ssh/id_ed25519.pub")); the newline a .pub file ends with is not a change.
  public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGeWXxrAXaxIWDYS2R9l7rWsZ1kaetfl/eDOMh4msxdb ada@laptop"
  labels     = { owner = "ada" }

  # Nodes that use the key move to a new one before the old one is deleted.
  lifecycle {
    create_before_destroy = true
  }
}

output "fingerprint" {
  value = nodeplane_ssh_key.laptop.fingerprint
}
