/**
 * Provider benchmarks:
 * - start to handshake of the plugin (the release executable users install, the test bundle,
 *   the checkout's launcher) beside `node` printing one line
 *   and the Go reference provider, in wall and CPU time (CPU holds on a busy machine);
 * - the HTTP requests of a 20-node apply and destroy, waiting with `wait_for` and by polling;
 * - `apply` / `plan` / `destroy` wall time (and the plan's CPU time) for N nodes, with tofu and
 *   with terraform (when on the PATH), against two yardsticks in the same run, for each N of
 *   BENCH_NODES (comma-separated, default 1,10,100); nodes run on the release executable:
 *   N built-in `terraform_data` resources (no plugin at all), and N `reference_node` resources
 *   of a Go provider on HashiCorp's terraform-plugin-framework that calls no API
 *   (reference-provider/, built with the local Go toolchain): what the plugin protocol itself
 *   costs. With two or more counts it also prints the cost per extra resource (the slope
 *   between the smallest and largest N), which separates the fixed cost of starting plugins
 *   from the per-resource overhead.
 * Run through `npm run bench` (BENCH_ONLY=provider for this part alone). Writes
 * test-output/bench/provider.json.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import {
  bundleProvider,
  collect,
  LAUNCHER,
  releasePlugin,
  removeTempDirs,
  terraformBinaries,
  tofu,
  tofuBinary,
  workdir,
  type Workdir,
} from '../helpers/tofu.js'
import { createTestKey } from '../helpers/accounts.js'
import { olderServer, statusRequests } from '../helpers/older-server.js'
import { startServer } from '../helpers/server.js'
import { benchKey, printTable, serverWith } from './_lib.js'
import { nodesConfig, ratio, referenceConfig, referenceProviderDir, timed } from './_terraform.js'
import { nodeFloor, startCost, underTime, type StartCost } from './_plugin-start.js'

const COUNTS = (process.env.BENCH_NODES ?? '1,10,100').split(',').map(Number)

/** Start-to-handshake of each way the provider runs, beside `node` itself and the Go reference. */
async function handshakes(release: string, bundle: string, reference: string) {
  const cost = {
    nodeFloor: await startCost(nodeFloor()),
    goReference: await startCost(reference),
    release: await startCost(release),
    testBundle: await startCost(bundle, { NODEPLANE_PROVIDER_TEST_TYPES: '' }),
    checkoutLauncher: await startCost(LAUNCHER, { NODEPLANE_PROVIDER_TEST_TYPES: '' }),
  }
  const row = (name: string, c: StartCost) => [
    name,
    c.wallMs,
    c.cpuMs,
    `${ratio(c.cpuMs, cost.nodeFloor.cpuMs)}x`,
  ]
  printTable(
    'Plugin start to handshake (median of 9)',
    ['Plugin', 'wall ms', 'CPU ms', 'CPU vs node alone'],
    [
      row('`node` printing one line (the floor)', cost.nodeFloor),
      row('Go reference provider (terraform-plugin-framework)', cost.goReference),
      row('release executable (Bun, compiled with bytecode; as users run it)', cost.release),
      row('test bundle (unminified, external packages)', cost.testBundle),
      row('checkout launcher (tsx or tsc build)', cost.checkoutLauncher),
    ]
  )
  return cost
}

type Row = {
  cli: string
  resources: number
  type: string
  applyMs: number
  planMs: number
  destroyMs: number
  planCpuMs: number
}

/** CPU ms (user + system) of a no-change plan, the CLI and every plugin it started. */
async function planCpuMs(w: Workdir): Promise<number> {
  const plan = underTime([tofuBinary(), 'plan', '-input=false', '-no-color'])
  const env = { ...process.env, TF_IN_AUTOMATION: '1', CHECKPOINT_DISABLE: '1', ...w.env }
  const result = await collect(spawn('/usr/bin/time', plan.args, { cwd: w.dir, env }))
  if (result.code !== 0) throw new Error(`plan failed:\n${result.stderr}`)
  return plan.cpuMs()
}

/** apply, a no-change plan (timed, then once more for its CPU) and destroy of one working dir. */
async function lifecycle(cli: string, w: Workdir, resources: number, type: string): Promise<Row> {
  const applyMs = await timed(w, ['apply', '-auto-approve', '-input=false'])
  const planMs = await timed(w, ['plan', '-input=false'])
  const planCpu = await planCpuMs(w)
  const destroyMs = await timed(w, ['destroy', '-auto-approve', '-input=false'])
  return { cli, resources, type, applyMs, planMs, destroyMs, planCpuMs: planCpu }
}

/** Milliseconds per extra resource between two rows of the same type. */
function slope(small: Row, large: Row, field: Step): number {
  return (large[field] - small[field]) / (large.resources - small.resources)
}

const STEPS = ['applyMs', 'planMs', 'destroyMs'] as const
type Step = (typeof STEPS)[number]
const NODE = 'nodeplane_node'

const WAITED_NODES = 20

/** API requests in a server's log since `from`: all of them, and the status reads among them. */
function requestsSince(logs: Record<string, unknown>[], from: number) {
  const total = logs.slice(from).filter((line) => line.msg === 'request').length
  const status = [...statusRequests(logs, from).values()].reduce((a, b) => a + b, 0)
  return { total, status }
}

/**
 * HTTP requests of a 20-node apply and destroy with 3 s provisioning: against this server,
 * where the provider waits with `wait_for`, and through a proxy that refuses `wait_for` as a
 * server before events did, where it polls every 500 ms (what every apply did before).
 */
async function waitRequests() {
  const server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '3' } })
  const older = await olderServer(server.url)
  try {
    const key = (await createTestKey(server.dataDir)).key
    const run = async (endpoint: string) => {
      const w = workdir(nodesConfig(endpoint, key, WAITED_NODES, 'bench'), { bin: release.bin })
      const before = server.logs.length
      if ((await tofu(w, ['apply', '-auto-approve', '-input=false'])).code !== 0)
        throw new Error('apply failed')
      const middle = server.logs.length
      if ((await tofu(w, ['destroy', '-auto-approve', '-input=false'])).code !== 0)
        throw new Error('destroy failed')
      return {
        apply: requestsSince(server.logs.slice(0, middle), before),
        destroy: requestsSince(server.logs, middle),
      }
    }
    const waiting = await run(server.url)
    const polling = await run(older.url)
    printTable(
      `HTTP requests of a ${WAITED_NODES}-node apply and destroy, provisioning 3 s (${tofuBinary().split('/').pop()})`,
      ['Provider waits by', 'apply: all / status reads', 'destroy: all / status reads'],
      [
        [
          'wait_for (one long-poll per change)',
          `${waiting.apply.total} / ${waiting.apply.status}`,
          `${waiting.destroy.total} / ${waiting.destroy.status}`,
        ],
        [
          'polling every 500 ms (server without wait_for)',
          `${polling.apply.total} / ${polling.apply.status}`,
          `${polling.destroy.total} / ${polling.destroy.status}`,
        ],
      ]
    )
    return { nodes: WAITED_NODES, waiting, polling }
  } finally {
    await older.close()
    await server.stop()
  }
}

const bundle = await bundleProvider()
const release = await releasePlugin()
const reference = { bin: referenceProviderDir(), source: 'nodeplane/reference' }
const exe = (dir: string, name = 'terraform-provider-nodeplane') => join(dir, name)
const handshake = await handshakes(
  exe(release.bin),
  exe(bundle.bin),
  exe(reference.bin, 'terraform-provider-reference')
)
const waits = await waitRequests()

// Enough hosts in every region for the largest count.
const server = await serverWith(Math.max(...COUNTS) * 10)
try {
  const key = await benchKey(server)
  const rows: Row[] = []
  const ratios = []
  const perResource = []
  for (const [cli, binary] of terraformBinaries()) {
    process.env.NODEPLANE_TOFU = binary
    const mine: Row[] = []
    for (const count of COUNTS) {
      const nodes = workdir(nodesConfig(server.url, key, count, 'bench'), { bin: release.bin })
      const references = workdir(referenceConfig(count, 'bench'), reference)
      const data = workdir(
        `resource "terraform_data" "d" {\n  count = ${count}\n  input = "bench-\${count.index}"\n}\n`,
        { bin: release.bin }
      )
      await timed(data, ['init', '-input=false'])
      mine.push(
        await lifecycle(cli, nodes, count, NODE),
        await lifecycle(cli, references, count, 'reference_node'),
        await lifecycle(cli, data, count, 'terraform_data')
      )
    }
    rows.push(...mine)
    const ofType = (type: string) => mine.filter((r) => r.type === type)
    const cliRatios = ofType(NODE).map((row, i) => {
      const against = (type: string) => {
        const base = ofType(type)[i]!
        return {
          apply: ratio(row.applyMs, base.applyMs),
          plan: ratio(row.planMs, base.planMs),
          destroy: ratio(row.destroyMs, base.destroyMs),
          planCpu: ratio(row.planCpuMs, base.planCpuMs),
        }
      }
      return {
        cli,
        resources: row.resources,
        vsReferenceNode: against('reference_node'),
        vsTerraformData: against('terraform_data'),
      }
    })
    ratios.push(...cliRatios)
    printTable(
      `${cli} wall time (ms), and the plan's CPU time`,
      ['Resource', 'count', 'apply', 'plan', 'destroy', 'plan CPU'],
      mine.map((r) => [r.type, r.resources, r.applyMs, r.planMs, r.destroyMs, r.planCpuMs])
    )
    printTable(
      `${cli}: ratio ${NODE} / yardstick (apply, plan, destroy)`,
      ['Resources', 'vs reference_node', 'vs terraform_data', 'plan CPU vs reference_node'],
      cliRatios.map((r) => [
        r.resources,
        ...[r.vsReferenceNode, r.vsTerraformData].map(
          (x) => `${x.apply}x / ${x.plan}x / ${x.destroy}x`
        ),
        `${r.vsReferenceNode.planCpu}x`,
      ])
    )
    if (COUNTS.length > 1) {
      const perExtra = (type: string, field: Step) =>
        slope(ofType(type)[0]!, ofType(type).at(-1)!, field)
      const cliPerResource = STEPS.map((field) => {
        const ms = {
          nodeplane_node: perExtra(NODE, field),
          reference_node: perExtra('reference_node', field),
          terraform_data: perExtra('terraform_data', field),
        }
        return {
          cli,
          step: field.replace('Ms', ''),
          ms: {
            nodeplane_node: +ms.nodeplane_node.toFixed(2),
            reference_node: +ms.reference_node.toFixed(2),
            terraform_data: +ms.terraform_data.toFixed(2),
          },
          vsReferenceNode: ratio(ms.nodeplane_node, ms.reference_node),
          vsTerraformData: ratio(ms.nodeplane_node, ms.terraform_data),
        }
      })
      perResource.push(...cliPerResource)
      printTable(
        `${cli}: cost per extra resource, ${COUNTS[0]} to ${COUNTS.at(-1)} resources (ms)`,
        [
          'Step',
          NODE,
          'reference_node',
          'terraform_data',
          'vs reference_node',
          'vs terraform_data',
        ],
        cliPerResource.map((r) => [
          r.step,
          r.ms.nodeplane_node,
          r.ms.reference_node,
          r.ms.terraform_data,
          `${r.vsReferenceNode}x`,
          `${r.vsTerraformData}x`,
        ])
      )
    }
  }
  const out = join(REPO, 'test-output/bench')
  mkdirSync(out, { recursive: true })
  writeFileSync(
    join(out, 'provider.json'),
    JSON.stringify(
      { at: new Date().toISOString(), handshake, waits, rows, ratios, perResource },
      null,
      2
    )
  )
  console.log(`\nwrote ${join(out, 'provider.json')}`)
} finally {
  await server.stop()
  removeTempDirs()
}
