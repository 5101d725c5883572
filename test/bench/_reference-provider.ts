import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'

/** `count` nodes of the Go reference provider, named `<prefix>-<index>`. */
export function referenceConfig(count: number, prefix: string): string {
  return `terraform {
  required_providers {
    reference = { source = "nodeplane/reference" }
  }
}
resource "reference_node" "n" {
  count = ${count}
  name  = "${prefix}-\${count.index}"
}
`
}

/** The reference provider's plugin directory, built once and cached (see its build.sh). */
export function referenceProviderDir(): string {
  const out = execFileSync('bash', [join(REPO, 'test/bench/reference-provider/build.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return out.trim().split('\n').at(-1)!
}
