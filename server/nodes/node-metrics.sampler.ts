/**
 * Sampling running nodes' counters every NODEPLANE_METRICS_SECONDS (default 10) on the lead
 * replica: each round reads every steady running node's counters in a few engine calls,
 * stores the interval since the last reading (node-metrics.series.ts), and once per 5 minutes
 * rolls the 5 minutes just ended up and prunes.
 * @module
 */
import type { Deps } from '../deps.js'
import { startRounds, type Rounds } from '../lib/rounds.js'
import type { DriverWithMetrics, NodeCounters } from '../provisioning/driver.js'
import { isLeadWorker } from '../provisioning/lead-worker.js'
import { steadyRunningIds } from './node-power.store.js'
import { intervalRow } from './node-metrics.series.js'
import { ROLLUP_STEP, SAMPLE_KEEP, rollUpAndPrune, saveSamples } from './node-metrics.service.js'
import type { MetricRow } from './node-metrics.store.js'

type SamplerDeps = Pick<Deps, 'db' | 'log' | 'clock' | 'config' | 'worker'>

/** Starts the sampling rounds; `stop` waits for the one in flight. */
export function startMetricsSampling(deps: SamplerDeps, driver: DriverWithMetrics): Rounds {
  // Each node's last reading: the next one's interval starts there.
  const last = new Map<string, NodeCounters>()
  // The end of the 5 minutes last rolled up, in Unix seconds. Unknown on becoming the lead
  // (a start, or a takeover from a lead that died): then every whole 5 minutes of the kept
  // samples is rolled up, so none that the last lead missed is lost.
  let rolled: number | undefined

  async function sample(): Promise<void> {
    const ids = await steadyRunningIds(deps.db)
    const readings = await driver.sampleNodes(ids)
    const rows: MetricRow[] = []
    for (const [id, after] of readings) {
      const before = last.get(id)
      const row = before && intervalRow(id, before, after)
      if (row) rows.push(row)
      last.set(id, after)
    }
    // A node off, in an action or gone starts afresh: its counters may begin again from zero.
    for (const id of last.keys()) if (!readings.has(id)) last.delete(id)
    await saveSamples(deps, rows)
  }

  async function round(): Promise<void> {
    try {
      if (!(await isLeadWorker(deps, deps.worker.id))) {
        last.clear()
        rolled = undefined
        return
      }
      await sample()
      const now = Math.floor(deps.clock.now().getTime() / 1000)
      const until = Math.floor(now / ROLLUP_STEP) * ROLLUP_STEP
      if (rolled !== until) {
        const since = rolled ?? Math.floor((now - SAMPLE_KEEP) / ROLLUP_STEP) * ROLLUP_STEP
        await rollUpAndPrune(deps, since, until)
        rolled = until
      }
    } catch (err) {
      deps.log.warn({ err }, 'sampling node metrics failed; retrying')
    }
  }

  return startRounds(round, deps.config.metricsSeconds * 1000)
}
