# The test-only nodeplane_echo types (registered by the test bundle): a data source feeding a
# resource with attributes, a map, nested blocks and timeouts. protocol.test.ts sets the
# variables.
variable "input" {
  type = string
}

variable "zone" {
  type = string
}

variable "disks" {
  type = list(number)
}

data "nodeplane_echo" "d" {
  input = var.input
}

resource "nodeplane_echo" "e" {
  value = data.nodeplane_echo.d.upper
  zone  = var.zone
  tags  = { env = "test" }
  dynamic "disk" {
    for_each = var.disks
    content {
      gb = disk.value
    }
  }
  timeouts {
    create = "5m"
  }
}

output "id" {
  value = nodeplane_echo.e.id
}

output "serials" {
  value = nodeplane_echo.e.disk[*].serial
}
