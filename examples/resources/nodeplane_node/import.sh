# A node is imported by its id.
terraform import nodeplane_node.web node_3k7f2m9q4x8w1c5v6b0n
