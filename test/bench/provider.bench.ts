/**
 * Provider benchmarks: start-to-handshake time of the plugin (the release script users install,
 * the test bundle, and the checkout's launcher), and `apply` / `plan` / `destroy` wall time for N
 * nodes, with tofu and with terraform (when on the PATH), against two yardsticks in the same run,
 * for each N of BENCH_NODES (comma-separated, default 1,10,100); nodes run on the release script:
 * N built-in `terraform_data` resources (no plugin at all), and N `reference_node` resources of a
 * Go provider on HashiCorp's terraform-plugin-framework that calls no API (reference-provider/,
 * built with the local Go toolchain): what the plugin protocol itself costs. With two or more
 * counts it also prints the cost per extra resource (the slope between the smallest and largest
 * N), which separates the fixed cost of starting plugins from the per-resource overhead. Run
 * through `npm run bench` (BENCH_ONLY=provider for this part alone). Writes
 * test-output/bench/provider.json.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import { bundleProvider, removeTempDirs, startPlugin, tempDir, tofu, tofuBinary, workdir, type Workdir } from '../helpers/tofu.js'
import { bundleScript } from '../../provider/release/build.js'
import { benchKey, printTable, serverWith } from './_lib.js'

const COUNTS = (process.env.BENCH_NODES ?? '1,10,100').split(',').map(Number)

async function handshakeMs(bundle?: { bin: string; types: string }): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const start = performance.now()
    const plugin = await startPlugin(bundle)
    times.push(performance.now() - start)
    plugin.child.kill('SIGTERM')
    await plugin.exited
  }
  times.sort((a, b) => a - b)
  return Math.round(times[2]!)
}

async function timed(w: Workdir, args: string[]): Promise<number> {
  const start = performance.now()
  const result = await tofu(w, args)
  if (result.code !== 0) throw new Error(`${tofuBinary()} ${args.join(' ')} failed:\n${result.stderr}`)
  return Math.round(performance.now() - start)
}

type Row = { cli: string; resources: number; type: string; applyMs: number; planMs: number; destroyMs: number }

/** apply, a no-change plan and destroy of one working dir. */
async function lifecycle(cli: string, w: Workdir, resources: number, type: string): Promise<Row> {
  const applyMs = await timed(w, ['apply', '-auto-approve', '-input=false'])
  const planMs = await timed(w, ['plan', '-input=false'])
  const destroyMs = await timed(w, ['destroy', '-auto-approve', '-input=false'])
  return { cli, resources, type, applyMs, planMs, destroyMs }
}

/** A plugin directory holding the release script (what `nodeplane provider install` installs). */
async function releasePlugin(): Promise<{ bin: string; types: string }> {
  const bin = tempDir('nodeplane-release-plugin-')
  writeFileSync(join(bin, 'terraform-provider-nodeplane'), await bundleScript(), { mode: 0o755 })
  return { bin, types: '' }
}

/** The CLIs to measure: tofu, and terraform when it is on the PATH. */
function clis(): [string, string][] {
  const found: [string, string][] = [['tofu', tofuBinary()]]
  try {
    found.push(['terraform', execFileSync('sh', ['-c', 'command -v terraform'], { encoding: 'utf8' }).trim()])
  } catch {
    // tofu alone
  }
  return found
}

function nodesConfig(url: string, key: string, count: number): string {
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
  name  = "bench-\${count.index}"
}
`
}

/** Milliseconds per extra resource between two rows of the same type. */
function slope(small: Row, large: Row, field: Step): number {
  return (large[field] - small[field]) / (large.resources - small.resources)
}

const STEPS = ['applyMs', 'planMs', 'destroyMs'] as const
type Step = (typeof STEPS)[number]
const NODE = 'nodeplane_node'

function referenceConfig(count: number): string {
  return `terraform {
  required_providers {
    reference = { source = "nodeplane/reference" }
  }
}
resource "reference_node" "n" {
  count = ${count}
  name  = "bench-\${count.index}"
}
`
}

/** The reference provider's plugin directory, built once and cached (see its build.sh). */
function referenceProviderDir(): string {
  const out = execFileSync('bash', [join(REPO, 'test/bench/reference-provider/build.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  return out.trim().split('\n').at(-1)!
}

const ratio = (mine: number, theirs: number) => +(mine / theirs).toFixed(2)

const bundle = await bundleProvider()
const release = await releasePlugin()
const reference = { bin: referenceProviderDir(), source: 'nodeplane/reference' }
const handshake = { releaseMs: await handshakeMs(release), bundledMs: await handshakeMs(bundle), launcherMs: await handshakeMs() }
printTable('Provider start to handshake (median of 5)', ['Plugin', 'ms'], [
  ['release script', handshake.releaseMs],
  ['test bundle (unminified, external packages)', handshake.bundledMs],
  ['checkout launcher (tsx or tsc build)', handshake.launcherMs],
])

// Enough hosts in every region for the largest count.
const server = await serverWith(Math.max(...COUNTS) * 10)
try {
  const key = await benchKey(server)
  const rows: Row[] = []
  const ratios = []
  const perResource = []
  for (const [cli, binary] of clis()) {
    process.env.NODEPLANE_TOFU = binary
    const mine: Row[] = []
    for (const count of COUNTS) {
      const nodes = workdir(nodesConfig(server.url, key, count), { bin: release.bin })
      const references = workdir(referenceConfig(count), reference)
      const data = workdir(`resource "terraform_data" "d" {\n  count = ${count}\n  input = "bench-\${count.index}"\n}\n`, { bin: release.bin })
      await timed(data, ['init', '-input=false'])
      mine.push(await lifecycle(cli, nodes, count, NODE), await lifecycle(cli, references, count, 'reference_node'), await lifecycle(cli, data, count, 'terraform_data'))
    }
    rows.push(...mine)
    const ofType = (type: string) => mine.filter((r) => r.type === type)
    const cliRatios = ofType(NODE).map((row, i) => {
      const against = (type: string) => {
        const base = ofType(type)[i]!
        return { apply: ratio(row.applyMs, base.applyMs), plan: ratio(row.planMs, base.planMs), destroy: ratio(row.destroyMs, base.destroyMs) }
      }
      return { cli, resources: row.resources, vsReferenceNode: against('reference_node'), vsTerraformData: against('terraform_data') }
    })
    ratios.push(...cliRatios)
    printTable(`${cli} wall time (ms)`, ['Resource', 'count', 'apply', 'plan', 'destroy'], mine.map((r) => [r.type, r.resources, r.applyMs, r.planMs, r.destroyMs]))
    printTable(
      `${cli}: ratio ${NODE} / yardstick (apply, plan, destroy)`,
      ['Resources', 'vs reference_node', 'vs terraform_data'],
      cliRatios.map((r) => [r.resources, ...[r.vsReferenceNode, r.vsTerraformData].map((x) => `${x.apply}x / ${x.plan}x / ${x.destroy}x`)])
    )
    if (COUNTS.length > 1) {
      const perExtra = (type: string, field: Step) => slope(ofType(type)[0]!, ofType(type).at(-1)!, field)
      const cliPerResource = STEPS.map((field) => {
        const ms = { nodeplane_node: perExtra(NODE, field), reference_node: perExtra('reference_node', field), terraform_data: perExtra('terraform_data', field) }
        return {
          cli,
          step: field.replace('Ms', ''),
          ms: { nodeplane_node: +ms.nodeplane_node.toFixed(2), reference_node: +ms.reference_node.toFixed(2), terraform_data: +ms.terraform_data.toFixed(2) },
          vsReferenceNode: ratio(ms.nodeplane_node, ms.reference_node),
          vsTerraformData: ratio(ms.nodeplane_node, ms.terraform_data),
        }
      })
      perResource.push(...cliPerResource)
      printTable(
        `${cli}: cost per extra resource, ${COUNTS[0]} to ${COUNTS.at(-1)} resources (ms)`,
        ['Step', NODE, 'reference_node', 'terraform_data', 'vs reference_node', 'vs terraform_data'],
        cliPerResource.map((r) => [r.step, r.ms.nodeplane_node, r.ms.reference_node, r.ms.terraform_data, `${r.vsReferenceNode}x`, `${r.vsTerraformData}x`])
      )
    }
  }
  const out = join(REPO, 'test-output/bench')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'provider.json'), JSON.stringify({ at: new Date().toISOString(), handshake, rows, ratios, perResource }, null, 2))
  console.log(`\nwrote ${join(out, 'provider.json')}`)
} finally {
  await server.stop()
  removeTempDirs()
}
