/**
 * Provider benchmarks: start-to-handshake time of the plugin (bundled, and through the real
 * launcher), and `tofu apply` / `tofu plan` wall time for N nodes against the same count of
 * built-in `terraform_data` resources in the same run. Run:
 * `npx tsx test/bench/provider.bench.ts` (BENCH_NODES, default 50). Writes
 * test-output/bench/provider.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestKey } from '../helpers/accounts.js'
import { REPO, startServer } from '../helpers/server.js'
import { bundleProvider, removeTempDirs, startPlugin, tofu, workdir, type Workdir } from '../fixtures/provider-demo/harness.js'

const COUNT = Number(process.env.BENCH_NODES ?? 50)

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

const bundle = await bundleProvider()
const handshake = { bundledMs: await handshakeMs(bundle), launcherMs: await handshakeMs() }
console.log('Start to handshake (median of 5, ms)')
console.table([handshake])

const server = await startServer({ keepLogs: false, env: { NODEPLANE_PROVISION_SECONDS: '0', NODEPLANE_TEARDOWN_SECONDS: '0' } })
try {
  const key = createTestKey(server.dataDir).key
  const nodes = workdir(
    `terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}
provider "nodeplane" {
  endpoint = "${server.url}"
  api_key  = "${key}"
}
resource "nodeplane_node" "n" {
  count = ${COUNT}
  name  = "bench-\${count.index}"
}
`,
    { bin: bundle.bin }
  )
  const data = workdir(`resource "terraform_data" "d" {\n  count = ${COUNT}\n  input = "bench-\${count.index}"\n}\n`, { bin: bundle.bin })
  const rows = []
  for (const [name, w] of [['nodeplane_node', nodes], ['terraform_data', data]] as const) {
    if (name === 'terraform_data') await timed(w, ['init', '-input=false'])
    const apply = await timed(w, ['apply', '-auto-approve', '-input=false'])
    const plan = await timed(w, ['plan', '-input=false'])
    const destroy = await timed(w, ['destroy', '-auto-approve', '-input=false'])
    rows.push({ resources: `${COUNT} × ${name}`, applyMs: apply, planMs: plan, destroyMs: destroy })
  }
  const [ours, builtin] = rows
  console.log(`\ntofu wall time, ${COUNT} resources`)
  console.table(rows)
  const ratios = {
    apply: +(ours!.applyMs / builtin!.applyMs).toFixed(2),
    plan: +(ours!.planMs / builtin!.planMs).toFixed(2),
    destroy: +(ours!.destroyMs / builtin!.destroyMs).toFixed(2),
  }
  console.log('ratio nodeplane_node / terraform_data:', ratios)
  const out = join(REPO, 'test-output/bench')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'provider.json'), JSON.stringify({ at: new Date().toISOString(), handshake, rows, ratios }, null, 2))
} finally {
  await server.stop()
  removeTempDirs()
}
