/**
 * The metrics scenario both engines' suites run (metrics.test.ts on podman,
 * incus-metrics.test.ts on incus): a one-core node idles for 20 s, then burns one core in a shell
 * loop for 30 s, timed inside the node, and the API's series must say what it did.
 * @module
 */
import { expect } from 'vitest'
import type { api } from '../helpers/http.js'
import type { Outcome } from './_engines.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const nowSeconds = () => Math.floor(Date.now() / 1000)
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString()
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** The values of `series` whose 10-second point lies wholly inside [from, to). */
function inside(values: [number, number][], from: number, to: number): number[] {
  return values.filter(([at]) => at >= from && at + 10 <= to).map(([, value]) => value)
}

/**
 * Idles, burns and reads the node's metrics back, asserting on the way: cpu near 0 while idle,
 * what the burner really got while it burns (near 100 when the machine gives it its core), and
 * memory, disk and incoming traffic (the ssh session that started the burner) above zero.
 * `run` runs a command in the node as root, over ssh from the internet.
 */
export async function expectMetricsOfIdleThenBurn(
  client: ReturnType<typeof api>,
  nodeId: string,
  run: (command: string) => Promise<Outcome>
): Promise<void> {
  // Let the boot settle, then 20 s idle, then 30 s of a shell loop on one core.
  await sleep(5000)
  const idleFrom = nowSeconds()
  await sleep(20_000)
  const burnFrom = nowSeconds()
  // In the foreground, timed: what the burner got is the truth the samples must match (on a
  // machine shared with other work, one core's loop may get less than a core).
  const timed = await run(`bash -c 'time -p timeout 30 sh -c "while :; do :; done"' 2>&1`)
  const burnTo = nowSeconds()
  const cpuSeconds = ['user', 'sys']
    .map((field) => Number(new RegExp(`^${field} ([\\d.]+)$`, 'm').exec(timed.stdout)?.[1]))
    .reduce((sum, value) => sum + value, 0)
  const got = (100 * cpuSeconds) / 30
  expect(got).toBeGreaterThan(0)
  // The last sample of the burn is stored within a sampling period (2 s in the suites).
  await sleep(3000)
  const query = new URLSearchParams({
    type: 'cpu,memory,disk,network',
    start: iso(idleFrom),
    end: iso(burnTo),
    step: '10',
  })
  const res = await client.get(`/api/v1/nodes/${nodeId}/metrics?${query.toString()}`)
  expect(res.status).toBe(200)
  const series = res.body.metrics.time_series
  const cpu = series.cpu.values as [number, number][]
  const idle = inside(cpu, idleFrom, burnFrom)
  // The first seconds of the burn include the ssh login that starts it.
  const busy = inside(cpu, burnFrom + 5, burnTo)
  expect(idle.length).toBeGreaterThan(0)
  expect(busy.length).toBeGreaterThan(0)
  expect(median(idle)).toBeLessThanOrEqual(15)
  // The samples say what the node got: near 100 when the machine gives the loop its core.
  const mean = busy.reduce((sum, value) => sum + value, 0) / busy.length
  console.info(`burner got ${got.toFixed(1)}% of a core; samples: ${busy.join(', ')}`)
  expect(Math.abs(mean - got)).toBeLessThanOrEqual(15)
  if (got >= 90) expect(median(busy)).toBeGreaterThanOrEqual(70)
  // One core at most, give or take the sampling's timing.
  expect(Math.max(...busy)).toBeLessThanOrEqual(115)
  const memory = series['memory.used_bytes'].values as [number, number][]
  expect(memory.length).toBeGreaterThan(0)
  expect(memory[0]![1]).toBeGreaterThan(1024 * 1024)
  expect(series['disk.used_bytes'].values[0][1]).toBeGreaterThan(1024 * 1024)
  expect(series['network.in_bps'].values.length).toBeGreaterThan(0)
  // The ssh session that started the burner came in over the network.
  expect(Math.max(...series['network.in_bps'].values.map((v: number[]) => v[1]))).toBeGreaterThan(0)
}
