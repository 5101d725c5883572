# A node is imported by its id. Every argument the API has comes along (labels, ssh_keys,
# password_login, and user_data from its own endpoint), so a plan right after shows no changes.
terraform import nodeplane_node.web node_3k7f2m9q4x8w1c5v6b0n
