/**
 * The `POST /nodes` of a create: only what the configuration sets, on the host the plan chose.
 * @module
 */
import { ApiError, type ApiClient } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import type { Value } from '../framework/values.js'
import { plannedHostGone } from './host-claims.js'
import { forget } from './placement-memory.js'

/** The arguments of a new node, as the configuration (with unknowns resolved) has them. */
interface NodeConfig {
  name: string | null
  region: string | null
  vpc_id: string | null
  host_id: string | null
  labels: Record<string, string> | null
  ssh_keys: string[] | null
  password_login: boolean | null
  user_data: string | null
}

/** The `POST /nodes` body: only what the configuration sets, so an older server still accepts it. */
function createBody(config: NodeConfig) {
  const body = {
    name: config.name,
    region: config.region,
    vpc_id: config.vpc_id,
    host_id: config.host_id,
    labels: config.labels,
    ssh_keys: config.ssh_keys,
    password_login: config.password_login,
    user_data: config.user_data,
  }
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
}

/**
 * `POST /nodes` on the host the plan chose, when it chose one. A planned host taken or removed
 * since fails the apply: any other host would be a result Terraform refuses as not the plan.
 */
export async function postNode(
  api: ApiClient,
  planned: { host_id: Value },
  config: NodeConfig,
  signal: AbortSignal
): Promise<ApiNode> {
  const chosen = config.host_id === null && typeof planned.host_id === 'string'
  const hostId = chosen ? (planned.host_id as string) : config.host_id
  const body = createBody({ ...config, host_id: hostId })
  try {
    return await api.post<ApiNode>('/nodes', body, signal)
  } catch (err) {
    const gone = err instanceof ApiError && TAKEN_OR_GONE.includes(err.code as 'host_not_found')
    if (chosen && gone) throw plannedHostGone(hostId!)
    throw err
  } finally {
    if (chosen) forget(hostId!)
  }
}

/** What `POST /nodes` answers for a `host_id` that is reserved, or not in the inventory. */
const TAKEN_OR_GONE = ['host_unavailable', 'host_not_found'] as const
