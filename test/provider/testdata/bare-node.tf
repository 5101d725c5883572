# The simplest node: nothing set, so the server's default region decides where it goes.
resource "nodeplane_node" "n" {}
