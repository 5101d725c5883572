/**
 * The provider as one executable (issue 31): each way to ship it (_provider-candidates.ts)
 * against the Go reference provider (reference-provider/), all in one run:
 * - start to handshake, beside the candidate's bare runtime and the Go provider;
 * - a one-node `plan` with existing state and no changes, in BENCH_PAIRS (default 12)
 *   alternating pairs with the Go provider's, with tofu and with terraform (when on the PATH):
 *   the medians and the median of the pairs' ratios;
 * - the floor: the Go provider's plan plus three bare starts of the runtime, since Terraform
 *   starts a plugin three times per plan;
 * - `apply` of 10 nodes in BENCH_APPLY_PAIRS (default 3) alternating pairs;
 * - the executable's size zipped.
 * Prints numbers, asserts nothing. Run: BENCH_ONLY=provider-exe npm run bench (add
 * NODEPLANE_BENCH_SEA_NODE=/path/to/node22+ to measure a Node SEA too). Writes
 * test-output/bench/provider-exe.json.
 */

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { bundleSource } from '../../provider/release/build.js'
import { REPO } from '../helpers/server.js'
import { removeTempDirs, terraformBinaries, workdir, type Workdir } from '../helpers/tofu.js'
import { benchKey, printTable, serverWith } from './_lib.js'
import { nodesConfig, ratio, referenceConfig, referenceProviderDir, timed } from './_terraform.js'
import { median, startCost, type StartCost } from './_plugin-start.js'
import { buildCandidates, pluginOf, zippedBytes, type Candidate } from './_provider-candidates.js'

const PAIRS = Number(process.env.BENCH_PAIRS ?? 12)
const APPLY_PAIRS = Number(process.env.BENCH_APPLY_PAIRS ?? 3)

/** `pairs` alternating runs of `mine` and `theirs` (which goes first alternates too). */
async function alternate(
  pairs: number,
  mine: () => Promise<number>,
  theirs: () => Promise<number>
) {
  const result = { mine: [] as number[], theirs: [] as number[], ratios: [] as number[] }
  for (let i = 0; i < pairs; i++) {
    let mineMs: number, theirsMs: number
    if (i % 2 === 0) {
      mineMs = await mine()
      theirsMs = await theirs()
    } else {
      theirsMs = await theirs()
      mineMs = await mine()
    }
    result.mine.push(mineMs)
    result.theirs.push(theirsMs)
    result.ratios.push(mineMs / theirsMs)
  }
  return {
    mineMs: median(result.mine),
    theirsMs: median(result.theirs),
    ratio: +median(result.ratios).toFixed(2),
  }
}

/** A no-change one-node plan of each candidate against the Go provider's, in pairs. */
async function plans(
  candidates: Candidate[],
  reference: { bin: string },
  url: string,
  key: string
) {
  const ref = workdir(referenceConfig(1, 'exe'), { ...reference, source: 'nodeplane/reference' })
  await timed(ref, ['apply', '-auto-approve', '-input=false'])
  const rows = []
  for (const candidate of candidates) {
    const mine = workdir(nodesConfig(url, key, 1, 'exe'), candidate)
    await timed(mine, ['apply', '-auto-approve', '-input=false'])
    const pair = await alternate(
      PAIRS,
      () => timed(mine, ['plan', '-detailed-exitcode', '-input=false']),
      () => timed(ref, ['plan', '-detailed-exitcode', '-input=false'])
    )
    await timed(mine, ['destroy', '-auto-approve', '-input=false'])
    rows.push({ candidate: candidate.name, ...pair })
  }
  await timed(ref, ['destroy', '-auto-approve', '-input=false'])
  return rows
}

/** Apply of 10 nodes (then destroy, untimed) against the Go provider's 10, in pairs. */
async function applies(
  candidates: Candidate[],
  reference: { bin: string },
  url: string,
  key: string
) {
  const ref = workdir(referenceConfig(10, 'exe'), { ...reference, source: 'nodeplane/reference' })
  const cycle = async (w: Workdir) => {
    const ms = await timed(w, ['apply', '-auto-approve', '-input=false'])
    await timed(w, ['destroy', '-auto-approve', '-input=false'])
    return ms
  }
  const rows = []
  for (const candidate of candidates) {
    const mine = workdir(nodesConfig(url, key, 10, 'exe'), candidate)
    rows.push({
      candidate: candidate.name,
      ...(await alternate(
        APPLY_PAIRS,
        () => cycle(mine),
        () => cycle(ref)
      )),
    })
  }
  return rows
}

const candidates = await buildCandidates(await bundleSource())
const reference = { bin: referenceProviderDir() }
const goReference = await startCost(join(reference.bin, 'terraform-provider-reference'))
const starts: { candidate: string; plugin: StartCost; floor: StartCost; zippedMB: number }[] = []
for (const candidate of candidates)
  starts.push({
    candidate: candidate.name,
    plugin: await startCost(pluginOf(candidate)),
    floor: await startCost(candidate.floor),
    zippedMB: +((await zippedBytes(candidate)) / 1e6).toFixed(1),
  })
printTable(
  'Start to handshake (median of 9), and size zipped',
  ['Candidate', 'wall ms', 'CPU ms', 'bare runtime wall ms', 'bare CPU ms', 'zipped MB'],
  [
    ['Go reference provider', goReference.wallMs, goReference.cpuMs, '', '', ''],
    ...starts.map((s) => [
      s.candidate,
      s.plugin.wallMs,
      s.plugin.cpuMs,
      s.floor.wallMs,
      s.floor.cpuMs,
      s.zippedMB,
    ]),
  ]
)

const server = await serverWith(1000)
try {
  const key = await benchKey(server)
  const results = []
  for (const [cli, binary] of terraformBinaries()) {
    process.env.NODEPLANE_TOFU = binary
    const planRows = await plans(candidates, reference, server.url, key)
    const applyRows = await applies(candidates, reference, server.url, key)
    const rows = planRows.map((plan, i) => {
      const floorMs = plan.theirsMs + 3 * starts[i]!.floor.wallMs
      return { cli, plan, floorMs, floorRatio: ratio(floorMs, plan.theirsMs), apply: applyRows[i]! }
    })
    results.push(...rows)
    printTable(
      `${cli}: one-node plan, no changes (median of ${PAIRS} alternating pairs), and apply of 10 (${APPLY_PAIRS} pairs)`,
      [
        'Candidate',
        'plan ms',
        'Go plan ms',
        'ratio',
        'floor ms',
        'floor ratio',
        'apply 10 ms',
        'Go ms',
        'ratio',
      ],
      rows.map((r) => [
        r.plan.candidate,
        r.plan.mineMs,
        r.plan.theirsMs,
        `${r.plan.ratio}x`,
        r.floorMs,
        `${r.floorRatio}x`,
        r.apply.mineMs,
        r.apply.theirsMs,
        `${r.apply.ratio}x`,
      ])
    )
  }
  const out = join(REPO, 'test-output/bench')
  mkdirSync(out, { recursive: true })
  const at = new Date().toISOString()
  writeFileSync(
    join(out, 'provider-exe.json'),
    JSON.stringify({ at, goReference, starts, results }, null, 2)
  )
  console.log(`\nwrote ${join(out, 'provider-exe.json')}`)
} finally {
  await server.stop()
  removeTempDirs()
}
