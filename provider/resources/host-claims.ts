/**
 * The compute hosts one plan places its new nodes on. Terraform plans every resource of a run
 * through one provider process, so the claims live in this module: each new node of a region
 * is planned onto the cheapest active host no other node of the plan has claimed, and when the
 * region runs out the plan fails and says what is free.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import { ApiError, isNotFound, type ApiClient } from '../client/api.js'
import type { ApiHost, ApiHostPage } from '../client/types.js'

/** Claimed host ids per API endpoint and region. */
const claims = new Map<string, Set<string>>()
/** The claim in progress per endpoint and region: picks of one region run one at a time. */
const queues = new Map<string, Promise<unknown>>()

/** Where claims are counted: one region of one API. */
export interface HostScope {
  endpoint: string
  region: string
}

const keyOf = (scope: HostScope) => `${scope.endpoint}\n${scope.region}`

/** Run `pick` after the picks of the same scope before it, so two never choose one host. */
function inTurn<T>(scope: HostScope, pick: (claimed: Set<string>) => Promise<T>): Promise<T> {
  const key = keyOf(scope)
  let claimed = claims.get(key)
  if (!claimed) claims.set(key, (claimed = new Set()))
  const set = claimed
  const turn = (queues.get(key) ?? Promise.resolve()).then(() => pick(set))
  queues.set(
    key,
    turn.catch(() => undefined)
  )
  return turn
}

/**
 * A host by id; null when the inventory has none, undefined when the server cannot say (a
 * release before `GET /api/v1/compute/{id}`).
 */
export async function hostById(
  api: ApiClient,
  id: string,
  signal?: AbortSignal
): Promise<ApiHost | null | undefined> {
  try {
    return await api.get<ApiHost>(`/api/v1/compute/${encodeURIComponent(id)}`, signal)
  } catch (err) {
    if (err instanceof ApiError && err.code === 'route_not_found') return undefined
    if (isNotFound(err)) return null
    throw err
  }
}

/** One page of the region's active hosts, cheapest first (the server's own placement order). */
function activeHosts(
  api: ApiClient,
  region: string,
  page: number,
  limit: number,
  signal?: AbortSignal
) {
  // Sizes at 0: placement takes any host, while the search's defaults skip the smallest.
  const query = new URLSearchParams({
    status: 'active',
    region,
    min_cpu: '0',
    min_memory_gb: '0',
    min_storage_gb: '0',
    limit: String(limit),
    page: String(page),
  })
  return api.get<ApiHostPage>(`/api/v1/compute?${query}`, signal)
}

/** The cheapest active host of the region outside `claimed`, or undefined when none is left. */
async function cheapestUnclaimed(
  api: ApiClient,
  region: string,
  claimed: Set<string>,
  signal?: AbortSignal
): Promise<ApiHost | undefined> {
  // One more than the claims holds an unclaimed host if the region has one.
  const limit = Math.min(200, claimed.size + 1)
  for (let page = 1; ; page++) {
    const answer = await activeHosts(api, region, page, limit, signal)
    const free = answer.hosts.find((h) => !claimed.has(h.id))
    if (free || !answer.pagination.has_more) return free
  }
}

/** What a claim starts from, and what it does when the region has no host left. */
export interface ClaimOptions {
  /** The host an earlier plan of this node chose. */
  remembered: string | undefined
  /** Fail the plan when no host is left; else the claim comes back empty. */
  failWhenFull: boolean
}

/**
 * Claim a host for one new node of the plan: the remembered one while it is still active,
 * else the cheapest unclaimed active host of the region.
 */
export function claimHost(
  api: ApiClient,
  scope: HostScope,
  { remembered, failWhenFull }: ClaimOptions,
  signal?: AbortSignal
): Promise<ApiHost | undefined> {
  return inTurn(scope, async (claimed) => {
    if (remembered && !claimed.has(remembered)) {
      const host = await hostById(api, remembered, signal)
      // An older server cannot say; then the create finds out, and fails the same way.
      if (host === undefined) return rememberedAsListed(api, scope.region, remembered, claimed)
      if (host?.status !== 'active') throw plannedHostGone(remembered)
      claimed.add(host.id)
      return host
    }
    const host = await cheapestUnclaimed(api, scope.region, claimed, signal)
    if (!host && failWhenFull) throw await notEnoughHosts(api, scope.region, claimed, signal)
    if (host) claimed.add(host.id)
    return host
  })
}

/** The remembered host as the region's active hosts list it, on a server without the lookup. */
async function rememberedAsListed(
  api: ApiClient,
  region: string,
  id: string,
  claimed: Set<string>
): Promise<ApiHost> {
  for (let page = 1; ; page++) {
    const answer = await activeHosts(api, region, page, 200)
    const host = answer.hosts.find((h) => h.id === id)
    if (host) {
      claimed.add(host.id)
      return host
    }
    if (!answer.pagination.has_more) throw plannedHostGone(id)
  }
}

/** The error for a node whose planned host was taken or removed since the plan. */
export function plannedHostGone(hostId: string) {
  return diagnosticError(
    'The planned compute host is no longer free',
    `Compute host ${hostId}, which the plan chose for this node, was taken or removed since. ` +
      'Run plan again: it places the node on a free host (a saved plan cannot be applied any more).',
    ['host_id']
  )
}

const priceOf = (h: ApiHost) =>
  `${h.id} (${h.pricing.hourly}/hour, ${h.pricing.monthly}/month ${h.pricing.currency})`

/** The capacity error: how many hosts the plan needs in the region, and what is free. */
async function notEnoughHosts(
  api: ApiClient,
  region: string,
  claimed: Set<string>,
  signal?: AbortSignal
) {
  const free = (await activeHosts(api, region, 1, 200, signal)).hosts
  const shown = free.slice(0, 10).map(priceOf).join(', ')
  const more = free.length > 10 ? `, and ${free.length - 10} more` : ''
  const listed = free.length ? `: ${shown}${more}` : ''
  const elsewhere = await regionsWithRoom(api, region, signal)
  return diagnosticError(
    `Not enough free compute hosts in ${region}`,
    `This plan creates at least ${claimed.size + 1} nodes in ${region}, and ${region} has ` +
      `${free.length} free compute hosts${listed}. ` +
      (elsewhere.length ? `Regions with free hosts: ${elsewhere.join(', ')}. ` : '') +
      'Plan fewer nodes there, or place some in another region.',
    ['region']
  )
}

/** Other regions with an active host among the cheapest 200, cheapest region first. */
async function regionsWithRoom(api: ApiClient, region: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ status: 'active', limit: '200' })
  const { hosts } = await api.get<ApiHostPage>(`/api/v1/compute?${query}`, signal)
  const cheapest = new Map<string, ApiHost>()
  for (const h of hosts)
    if (h.region !== region && !cheapest.has(h.region)) cheapest.set(h.region, h)
  return [...cheapest.values()].map((h) => `${h.region} (from ${h.pricing.hourly}/hour)`)
}
