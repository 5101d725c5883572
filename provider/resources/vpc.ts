/**
 * `nodeplane_vpc`: an isolated private network. Description and labels change in place; name
 * and region force replacement.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { Resource } from '../framework/resource.js'
import { attr, schema, type StateOf } from '../framework/schema.js'
import { valuesEqual } from '../framework/values.js'
import { ApiError, apiClient, isNotFound } from '../client/api.js'
import type { ApiVpc } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { collection, labelsArgument } from './common.js'

const vpcSchema = schema({
  description: 'An isolated VPC network: a private /16 that nodes join with a private address.',
  attributes: {
    id: attr.string({ computed: true, description: 'The VPC id (UUID).' }),
    name: attr.string({
      required: true,
      requiresReplace: true,
      description: 'Name, unique on the account.',
    }),
    region: attr.string({
      optional: true,
      computed: true,
      requiresReplace: true,
      description: "Region; the server's default when omitted.",
    }),
    description: attr.string({ optional: true, description: 'Free text. Changed in place.' }),
    labels: labelsArgument('VPC'),
    cidr: attr.string({
      computed: true,
      description: 'The private range assigned, e.g. 10.1.0.0/16.',
    }),
  },
})

type VpcState = StateOf<typeof vpcSchema>

const toState = (vpc: ApiVpc, known: Partial<VpcState> = {}): VpcState => ({
  id: vpc.id,
  name: vpc.name,
  region: vpc.region,
  description: vpc.description,
  labels: collection(vpc.labels, known.labels),
  cidr: vpc.cidr,
})

export const vpcResource: Resource<typeof vpcSchema, ProviderClient> = {
  typeName: 'nodeplane_vpc',
  schema: vpcSchema,
  async create(ctx, _planned, config) {
    const body = {
      name: config.name,
      region: config.region ?? undefined,
      description: config.description ?? undefined,
      labels: config.labels ?? undefined,
    }
    const api = apiClient(ctx.client)
    return toState(await api.post<ApiVpc>('/api/v1/networking', body, ctx.signal), config)
  },
  async read(ctx, state) {
    try {
      return toState(
        await apiClient(ctx.client).get<ApiVpc>(`/api/v1/networking/${state.id}`, ctx.signal),
        state
      )
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  },
  async update(ctx, prior, planned, config) {
    const body: { description?: string | null; labels?: Record<string, string> } = {}
    if (prior.description !== config.description) body.description = config.description
    if (!valuesEqual(prior.labels, config.labels)) body.labels = config.labels ?? {}
    if (Object.keys(body).length === 0) return planned as VpcState
    const path = `/api/v1/networking/${prior.id}`
    return toState(await apiClient(ctx.client).patch<ApiVpc>(path, body, ctx.signal), config)
  },
  async delete(ctx, state) {
    try {
      await apiClient(ctx.client).delete(`/api/v1/networking/${state.id}`, ctx.signal)
    } catch (err) {
      if (isNotFound(err)) return
      if (err instanceof ApiError && err.code === 'vpc_has_nodes') {
        const ids = (err.extra.node_ids as string[] | undefined) ?? []
        throw diagnosticError(
          `VPC ${state.name} still has nodes`,
          `Delete these nodes first, or move them out of Terraform's plan: ${ids.join(', ')}.`
        )
      }
      throw err
    }
  },
  async importState(_ctx, id) {
    return { id }
  },
}
