/**
 * `nodeplane_vpc`: an isolated private network. The API has no update, so every argument
 * forces replacement.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { Resource } from '../framework/resource.js'
import { attr, schema, type StateOf } from '../framework/schema.js'
import { ApiError, apiClient, isNotFound } from '../client/api.js'
import type { ApiVpc } from '../client/types.js'
import type { ProviderClient } from '../provider.js'

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
    description: attr.string({ optional: true, requiresReplace: true, description: 'Free text.' }),
    cidr: attr.string({
      computed: true,
      description: 'The private range assigned, e.g. 10.1.0.0/16.',
    }),
  },
})

type VpcState = StateOf<typeof vpcSchema>

const toState = (vpc: ApiVpc): VpcState => ({
  id: vpc.id,
  name: vpc.name,
  region: vpc.region,
  description: vpc.description,
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
    }
    return toState(await apiClient(ctx.client).post<ApiVpc>('/api/v1/networking', body, ctx.signal))
  },
  async read(ctx, state) {
    try {
      return toState(
        await apiClient(ctx.client).get<ApiVpc>(`/api/v1/networking/${state.id}`, ctx.signal)
      )
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  },
  async update(_ctx, _prior, planned) {
    // Every argument forces replacement; Terraform only calls update when nothing changed.
    return planned as VpcState
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
