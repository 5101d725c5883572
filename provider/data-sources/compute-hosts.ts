/**
 * `data.nodeplane_compute_hosts`: the discovery search with every filter, all pages read,
 * plus `max_hourly_price`, which the API lacks and this data source applies itself.
 * @module
 */
import type { DataSource } from '../framework/resource.js'
import { attr, schema, t } from '../framework/schema.js'
import { apiClient } from '../client/api.js'
import type { ApiHost, ApiHostPage } from '../client/types.js'
import type { ProviderClient } from '../provider.js'

const host = t.object({
  id: t.string,
  status: t.string,
  region: t.string,
  datacenter: t.string,
  os: t.string,
  hostname: t.string,
  cpu_cores: t.number,
  cpu_architecture: t.string,
  memory_gb: t.number,
  storage_gb: t.number,
  gpu_count: t.number,
  hourly_price: t.number,
  monthly_price: t.number,
  currency: t.string,
})

const hostsSchema = schema({
  description: 'Bare-metal compute hosts matching the filters, cheapest first.',
  attributes: {
    min_cpu: attr.number({ optional: true, description: 'Minimum CPU cores (API default 1).' }),
    min_memory_gb: attr.number({
      optional: true,
      description: 'Minimum RAM in GiB (API default 1).',
    }),
    min_storage_gb: attr.number({
      optional: true,
      description: 'Minimum disk in GiB (API default 10).',
    }),
    region: attr.string({ optional: true, description: 'Region or datacenter code.' }),
    datacenter: attr.string({ optional: true, description: 'Datacenter facility code.' }),
    status: attr.string({
      optional: true,
      description: '`active`, `reserved` or `all` (default).',
    }),
    gpu: attr.bool({ optional: true, description: '`true`: with a GPU; `false`: CPU-only.' }),
    max_hourly_price: attr.number({
      optional: true,
      description: 'Highest hourly price, filtered by the provider.',
    }),
    hosts: attr.list(host, { computed: true, description: 'The matching hosts, cheapest first.' }),
  },
})

/** A host's prices as numbers, as Terraform shows them; shared with `nodeplane_node`. */
export const hostPrices = (h: ApiHost) => ({
  hourly_price: Number(h.pricing.hourly),
  monthly_price: Number(h.pricing.monthly),
})

const flat = (h: ApiHost) => ({
  id: h.id,
  status: h.status,
  region: h.region,
  datacenter: h.datacenter,
  os: h.os,
  hostname: h.hostname,
  cpu_cores: h.cpu.cores,
  cpu_architecture: h.cpu.architecture,
  memory_gb: h.memory_gb,
  storage_gb: h.storage_gb,
  gpu_count: h.gpu.count,
  ...hostPrices(h),
  currency: h.pricing.currency,
})

const FILTERS = [
  'min_cpu',
  'min_memory_gb',
  'min_storage_gb',
  'region',
  'datacenter',
  'status',
  'gpu',
] as const

export const computeHostsDataSource: DataSource<typeof hostsSchema, ProviderClient> = {
  typeName: 'nodeplane_compute_hosts',
  schema: hostsSchema,
  async read(ctx, config) {
    const query = new URLSearchParams({ limit: '200' })
    for (const name of FILTERS) {
      const value = config[name]
      if (value !== null && value !== undefined) query.set(name, String(value))
    }
    const hosts: ApiHost[] = []
    for (let page = 1; ; page++) {
      query.set('page', String(page))
      const answer = await apiClient(ctx.client).get<ApiHostPage>(
        `/api/v1/compute?${query}`,
        ctx.signal
      )
      hosts.push(...answer.hosts)
      if (!answer.pagination.has_more) break
    }
    const max = config.max_hourly_price
    const within = max === null ? hosts : hosts.filter((h) => Number(h.pricing.hourly) <= max)
    return { ...config, hosts: within.map(flat) }
  },
}
