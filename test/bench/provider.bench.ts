/**
 * Provider benchmarks: start-to-handshake time of the plugin (bundled, and through the real
 * launcher), and `tofu apply` / `tofu plan` / `tofu destroy` wall time for N nodes against the same count
 * of built-in `terraform_data` resources in the same run, for each N of BENCH_NODES
 * (comma-separated, default 10,100,500). With two or more counts it also prints the cost per
 * extra resource (the slope between the smallest and largest N), which separates the fixed
 * cost of starting the plugin from the per-resource overhead. Run through `npm run bench`
 * (BENCH_ONLY=provider for this part alone). Writes test-output/bench/provider.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import { bundleProvider, removeTempDirs, startPlugin, tofu, workdir, type Workdir } from '../fixtures/provider-demo/harness.js'
import { benchKey, printTable, serverWith } from './_lib.js'

const COUNTS = (process.env.BENCH_NODES ?? '10,100,500').split(',').map(Number)

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
  if (result.code !== 0) throw new Error(`tofu ${args.join(' ')} failed:\n${result.stderr}`)
  return Math.round(performance.now() - start)
}

type Row = { resources: number; type: string; applyMs: number; planMs: number; destroyMs: number }

/** apply, a no-change plan and destroy of one working dir. */
async function lifecycle(w: Workdir, resources: number, type: string): Promise<Row> {
  const applyMs = await timed(w, ['apply', '-auto-approve', '-input=false'])
  const planMs = await timed(w, ['plan', '-input=false'])
  const destroyMs = await timed(w, ['destroy', '-auto-approve', '-input=false'])
  return { resources, type, applyMs, planMs, destroyMs }
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
function slope(small: Row, large: Row, field: 'applyMs' | 'planMs' | 'destroyMs'): number {
  return (large[field] - small[field]) / (large.resources - small.resources)
}

const bundle = await bundleProvider()
const handshake = { bundledMs: await handshakeMs(bundle), launcherMs: await handshakeMs() }
printTable('Provider start to handshake (median of 5)', ['Plugin', 'ms'], [
  ['bundled', handshake.bundledMs],
  ['through the launcher', handshake.launcherMs],
])

// Enough hosts in every region for the largest count.
const server = await serverWith(Math.max(...COUNTS) * 10)
try {
  const key = await benchKey(server)
  const rows: Row[] = []
  for (const count of COUNTS) {
    const nodes = workdir(nodesConfig(server.url, key, count), { bin: bundle.bin })
    const data = workdir(`resource "terraform_data" "d" {\n  count = ${count}\n  input = "bench-\${count.index}"\n}\n`, { bin: bundle.bin })
    await timed(data, ['init', '-input=false'])
    rows.push(await lifecycle(nodes, count, 'nodeplane_node'), await lifecycle(data, count, 'terraform_data'))
  }
  const ours = rows.filter((r) => r.type === 'nodeplane_node')
  const builtin = rows.filter((r) => r.type === 'terraform_data')
  const ratios = ours.map((row, i) => ({
    resources: row.resources,
    apply: +(row.applyMs / builtin[i]!.applyMs).toFixed(2),
    plan: +(row.planMs / builtin[i]!.planMs).toFixed(2),
    destroy: +(row.destroyMs / builtin[i]!.destroyMs).toFixed(2),
  }))
  printTable('tofu wall time (ms)', ['Resource', 'count', 'apply', 'plan', 'destroy'], rows.map((r) => [r.type, r.resources, r.applyMs, r.planMs, r.destroyMs]))
  printTable('Ratio nodeplane_node / terraform_data', ['Resources', 'apply', 'plan', 'destroy'], ratios.map((r) => [r.resources, `${r.apply}x`, `${r.plan}x`, `${r.destroy}x`]))
  let perResource
  if (COUNTS.length > 1) {
    const fields = ['applyMs', 'planMs', 'destroyMs'] as const
    perResource = fields.map((field) => {
      const mine = slope(ours[0]!, ours.at(-1)!, field)
      const theirs = slope(builtin[0]!, builtin.at(-1)!, field)
      return { step: field.replace('Ms', ''), nodeplaneMs: +mine.toFixed(2), terraformDataMs: +theirs.toFixed(2), ratio: +(mine / theirs).toFixed(2) }
    })
    printTable(
      `Cost per extra resource, ${COUNTS[0]} to ${COUNTS.at(-1)} resources (ms)`,
      ['Step', 'nodeplane_node', 'terraform_data', 'ratio'],
      perResource.map((r) => [r.step, r.nodeplaneMs, r.terraformDataMs, `${r.ratio}x`])
    )
  }
  const out = join(REPO, 'test-output/bench')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'provider.json'), JSON.stringify({ at: new Date().toISOString(), handshake, rows, ratios, perResource }, null, 2))
  console.log(`\nwrote ${join(out, 'provider.json')}`)
} finally {
  await server.stop()
  removeTempDirs()
}
