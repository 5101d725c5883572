/**
 * The account's limits at plan time: like a full region (host-claims.ts), a plan whose new
 * nodes would pass `nodes`, `cpu_cores` or `memory_gb` fails before anything is created. The
 * limits are read once per provider process (one plan, or one apply) and each new node of the
 * plan adds itself and its planned host's size; apply re-plans in a process of its own and
 * counts the same nodes again. Nodes the same run deletes are not subtracted, as the
 * server counts a deleting node until its teardown ends.
 * @module
 */
import { ApiError, isNotFound, type ApiClient } from '../client/api.js'
import { quotaDiagnostic } from '../client/quota-error.js'
import type { ApiHost, ApiLimits } from '../client/types.js'

type NodeLimit = 'nodes' | 'cpu_cores' | 'memory_gb'

interface Tally {
  /** The account's limits when first read; undefined from a server without them. */
  limits: Promise<ApiLimits | undefined>
  planned: Record<NodeLimit, number>
}

/** Per API endpoint (and key): what this process's plan has added so far. */
const tallies = new Map<string, Tally>()

async function readLimits(api: ApiClient, signal?: AbortSignal) {
  try {
    return await api.get<ApiLimits>('/api/v1/limits', signal)
  } catch (err) {
    // A server from before limits: the create answers for them, if it has any.
    if (isNotFound(err) || (err instanceof ApiError && err.code === 'route_not_found'))
      return undefined
    throw err
  }
}

/**
 * Counts one new node of the plan (on `host`, when the plan knows it) against the account's
 * limits, and fails the plan with a diagnostic naming the limit it would pass.
 */
export async function claimQuota(
  api: ApiClient,
  key: string,
  host: ApiHost | undefined,
  signal?: AbortSignal
): Promise<void> {
  let tally = tallies.get(key)
  if (!tally) {
    tally = { limits: readLimits(api, signal), planned: { nodes: 0, cpu_cores: 0, memory_gb: 0 } }
    tallies.set(key, tally)
  }
  const limits = (await tally.limits)?.limits
  if (!limits) return
  // Synchronous from here on: nodes planned side by side never both take the last unit.
  const adding = { nodes: 1, cpu_cores: host?.cpu.cores ?? 0, memory_gb: host?.memory_gb ?? 0 }
  for (const name of ['nodes', 'cpu_cores', 'memory_gb'] as const) {
    const { limit, used } = limits[name]
    const total = used + tally.planned[name] + adding[name]
    if (adding[name] > 0 && total > limit) throw overLimit(name, limit, used, total - used)
  }
  for (const name of ['nodes', 'cpu_cores', 'memory_gb'] as const)
    tally.planned[name] += adding[name]
}

function overLimit(name: NodeLimit, limit: number, used: number, planned: number) {
  return quotaDiagnostic(
    name,
    `The account's ${name} limit is ${limit} and it uses ${used}; this plan's new nodes ` +
      `would add at least ${planned}, ${used + planned} in all.`
  )
}
