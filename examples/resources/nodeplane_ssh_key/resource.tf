resource "nodeplane_ssh_key" "laptop" {
  name = "ada-laptop"
  # Usually file("~/.ssh/id_ed25519.pub"); the newline it ends with is not a change.
  public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGeWXxrAXaxIWDYS2R9l7rWsZ1kaetfl/eDOMh4msxdb ada@laptop"
}

output "fingerprint" {
  value = nodeplane_ssh_key.laptop.fingerprint
}
