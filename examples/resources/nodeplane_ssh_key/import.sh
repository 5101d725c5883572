# An SSH key is imported by its id.
terraform import nodeplane_ssh_key.laptop sshkey_6c6j4bwapbmwmw47sbbs
