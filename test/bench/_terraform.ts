/**
 * What the provider benchmarks share: their configurations, the Go reference provider, and
 * timing a CLI command.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import { tofu, tofuBinary, type Workdir } from '../helpers/tofu.js'

/** `count` nodes of this provider against the server at `url`, named `<prefix>-<index>`. */
export function nodesConfig(url: string, key: string, count: number, prefix: string): string {
  return `terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}
provider "nodeplane" {
  endpoint = "${url}"
  api_key  = "${key}"
}
resource "nodeplane_node" "n" {
  count = ${count}
  name  = "${prefix}-\${count.index}"
}
`
}

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

/** Wall milliseconds of one CLI command in `w`; throws if it fails. */
export async function timed(w: Workdir, args: string[]): Promise<number> {
  const start = performance.now()
  const result = await tofu(w, args)
  if (result.code !== 0)
    throw new Error(`${tofuBinary()} ${args.join(' ')} failed:\n${result.stderr}`)
  return Math.round(performance.now() - start)
}

export const ratio = (mine: number, theirs: number) => +(mine / theirs).toFixed(2)
