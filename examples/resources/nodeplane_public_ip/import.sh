# An address is imported as <node_id>/<address>; it must be attached to that node.
terraform import nodeplane_public_ip.v6 node_3k7f2m9q4x8w1c5v6b0n/2001:db8::1
