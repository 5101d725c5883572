/**
 * Where a new `nodeplane_node` lands, decided at plan time: the plan shows its host and that
 * host's prices, and apply asks the API for exactly that host. The host is the one the server
 * would pick (the cheapest active host of the region), minus those the plan's other new nodes
 * took.
 * @module
 */
import { createHash } from 'node:crypto'
import { diagnosticError } from '../framework/diagnostics.js'
import type { Context } from '../framework/resource.js'
import { attr } from '../framework/schema.js'
import { isUnknown, type ValueRecord } from '../framework/values.js'
import { apiClient, isNotFound, type ApiClient } from '../client/api.js'
import type { ApiHost, ApiRegions, ApiVpc } from '../client/types.js'
import { hostPrices } from '../data-sources/compute-hosts.js'
import type { ProviderClient } from '../provider.js'
import { claimHost, hostById } from './host-claims.js'
import { claimQuota } from './quota-claims.js'
import { forget, recall, remember } from './placement-memory.js'

/** The prices of the host a node runs on (or, planned, will run on). */
export const nodePrices = {
  hourly_price: attr.number({
    computed: true,
    description:
      "The hourly price of the node's compute host, in its currency (as `nodeplane_compute_hosts` shows it). Known at plan time for a new node whose region is known.",
  }),
  monthly_price: attr.number({
    computed: true,
    description: "The monthly price of the node's compute host, in its currency.",
  }),
}

type Ctx = Context<ProviderClient>
/** The plan's placement of a new node: its host, that host's prices and size. */
export interface Placement {
  host_id: string
  /** The host's region: where the node goes, shown even when the server's default chose it. */
  region: string
  hourly_price: number
  monthly_price: number
  size: { cpu_cores: number; memory_gb: number; storage_gb: number; gpu_count: number }
}

const known = (v: unknown): v is string => typeof v === 'string'
const placementOf = (host: ApiHost): Placement => ({
  host_id: host.id,
  region: host.region,
  ...hostPrices(host),
  // What the server will record as the node's size: its host's.
  size: {
    cpu_cores: host.cpu.cores,
    memory_gb: host.memory_gb,
    storage_gb: host.storage_gb,
    gpu_count: host.gpu.count,
  },
})

/**
 * The host, prices and size of a new node, or null when the plan cannot know them yet: its
 * region (or VPC, or host) comes from a resource not created yet, or the server is too old to
 * say its default region. A full region fails the plan, except for a `replacing` node: its
 * predecessor's host is freed first (unless `create_before_destroy`, which the provider cannot
 * see), so the server is left to choose then. So does a new node that would pass one of the
 * account's limits (quota-claims.ts).
 */
export async function planPlacement(
  ctx: Ctx,
  config: ValueRecord,
  replacing: boolean
): Promise<Placement | null> {
  const host = await planHost(ctx, config, replacing)
  // A replacement's predecessor is deleted first: the account's count stays the same.
  if (!replacing)
    await claimQuota(apiClient(ctx.client), accountKey(ctx.client), host ?? undefined, ctx.signal)
  return host ? placementOf(host) : null
}

/**
 * Which account of which API the plan asks (limits, the default region); the key itself stays
 * in memory. The provider makes an ApiClient per call, so caches are keyed by this.
 */
const accountKey = (client: ProviderClient) =>
  createHash('sha256')
    .update(`${client.endpoint ?? ''}\n${client.apiKey ?? ''}`)
    .digest('hex')

/** The host of a new node, as planPlacement describes; null when the plan cannot know it. */
async function planHost(
  ctx: Ctx,
  config: ValueRecord,
  replacing: boolean
): Promise<ApiHost | null> {
  const api = apiClient(ctx.client)
  if (known(config.host_id)) {
    const host = await hostById(api, config.host_id, ctx.signal)
    if (host === null) throw diagnosticError('No such compute host', config.host_id, ['host_id'])
    // A server that cannot look a host up: its prices show after apply.
    return host ?? null
  }
  const region = await regionOf(api, accountKey(ctx.client), config, ctx.signal)
  if (region === undefined) return null
  const scope = { endpoint: ctx.client.endpoint ?? '', region }
  const remembered = recall(scope, config)
  const options = { remembered, failWhenFull: !replacing }
  const host = await claimHost(api, scope, options, ctx.signal).catch((err: unknown) => {
    // A host gone since the earlier plan: the next plan chooses afresh.
    if (remembered) forget(remembered)
    throw err
  })
  if (!host) return null
  remember(scope, config, host.id)
  return host
}

/** The region the server will place the node in, if the plan knows it. */
async function regionOf(
  api: ApiClient,
  key: string,
  config: ValueRecord,
  signal: AbortSignal
): Promise<string | undefined> {
  if (isUnknown(config.region)) return undefined
  if (known(config.region)) return config.region
  if (config.vpc_id === null && config.host_id === null)
    return serverDefaultRegion(api, key, signal)
  if (!known(config.vpc_id)) return undefined
  try {
    return (await api.get<ApiVpc>(`/api/v1/networking/${config.vpc_id}`, signal)).region
  } catch (err) {
    // An unknown VPC is create's error to report, with the API's words.
    if (isNotFound(err)) return undefined
    throw err
  }
}

/** The server's default region per accountKey: a plan of many bare nodes asks once. */
const defaultRegions = new Map<string, Promise<string | undefined>>()

/**
 * Where the server puts a node that names no region, VPC or host (`GET /api/v1/regions`); a
 * server older than that endpoint leaves the price to apply. A failed ask is not remembered.
 */
function serverDefaultRegion(
  api: ApiClient,
  key: string,
  signal: AbortSignal
): Promise<string | undefined> {
  let region = defaultRegions.get(key)
  if (!region) {
    region = readDefaultRegion(api, signal)
    defaultRegions.set(key, region)
    region.catch(() => defaultRegions.delete(key))
  }
  return region
}

async function readDefaultRegion(api: ApiClient, signal: AbortSignal) {
  try {
    return (await api.get<ApiRegions>('/api/v1/regions', signal)).default_region
  } catch (err) {
    if (isNotFound(err)) return undefined
    throw err
  }
}

/** The prices of a node's host now, or null when the inventory no longer has it. */
export async function pricesOf(api: ApiClient, hostId: string, signal: AbortSignal) {
  const host = await hostById(api, hostId, signal)
  return host ? hostPrices(host) : null
}
