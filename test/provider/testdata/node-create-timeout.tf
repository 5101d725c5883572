# A node that must be running within 3 seconds.
resource "nodeplane_node" "n" {
  timeouts {
    create = "3s"
  }
}
