/**
 * `nodeplane_node`: a compute node. Create waits until it is `running` (the contract's upper
 * bound is 2 minutes); delete waits until it is gone. The API has no update, so every
 * argument forces replacement.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { Resource } from '../framework/resource.js'
import { attr, schema, type StateOf } from '../framework/schema.js'
import { timeoutFor, timeouts } from '../framework/timeouts.js'
import { apiClient, isNotFound } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { waitUntilGone, waitUntilRunning } from './node-wait.js'

const placement = (description: string) =>
  attr.string({ optional: true, computed: true, requiresReplace: true, description })

const nodeSchema = schema({
  description: 'A compute node, billed per second from creation until deletion.',
  attributes: {
    id: attr.string({ computed: true, description: 'The node id, `node_…`.' }),
    name: attr.string({ optional: true, requiresReplace: true, description: 'A name for people.' }),
    region: placement("Region; else the VPC's, else the host's, else the server default."),
    vpc_id: placement("VPC to join; else the region's default VPC."),
    host_id: placement('Compute host to run on; else the cheapest active host of the region.'),
    status: attr.string({
      computed: true,
      description: '`provisioning`, `running` or `deleting`.',
    }),
    ip_address: attr.string({ computed: true, description: 'First public IPv4, once running.' }),
    private_ip: attr.string({ computed: true, description: 'Address in the VPC.' }),
    created_at: attr.string({
      computed: true,
      description: 'Creation time (UTC); billing starts here.',
    }),
  },
  blocks: { timeouts: timeouts(['create', 'delete']) },
})

type NodeState = StateOf<typeof nodeSchema>

/** The attributes a node has in the API, shared by the resource and `data.nodeplane_node`. */
export const nodeAttributes = (node: ApiNode) => ({
  id: node.id,
  name: node.name,
  region: node.region,
  vpc_id: node.vpc_id,
  host_id: node.host_id,
  status: node.status,
  ip_address: node.ip_address,
  private_ip: node.private_ip,
  created_at: node.created_at,
})

const toState = (node: ApiNode, timeoutsBlock: NodeState['timeouts']): NodeState => ({
  ...nodeAttributes(node),
  timeouts: timeoutsBlock,
})

export const nodeResource: Resource<typeof nodeSchema, ProviderClient> = {
  typeName: 'nodeplane_node',
  schema: nodeSchema,
  async create(ctx, _planned, config) {
    const deadline = Date.now() + timeoutFor(config.timeouts, 'create', 2 * 60_000)
    const api = apiClient(ctx.client)
    const body = {
      name: config.name,
      region: config.region,
      vpc_id: config.vpc_id,
      host_id: config.host_id,
    }
    const created = await api.post<ApiNode>(
      '/nodes',
      Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)),
      ctx.signal
    )
    const running = await waitUntilRunning<ApiNode>(api, created.id, deadline, ctx.signal)
    if (running) return toState(running, config.timeouts)
    // The contract's advice for a node stuck in provisioning: delete it and create a new one.
    await api.delete(`/nodes/${created.id}`, ctx.signal).catch(() => undefined)
    throw diagnosticError(
      'Node did not become running',
      `Node ${created.id} was still provisioning when the create timeout ran out. A node that stays in provisioning is treated as failed; it has been deleted. Apply again to create a new one.`
    )
  },
  async read(ctx, state) {
    try {
      const node = await apiClient(ctx.client).get<ApiNode>(`/nodes/${state.id}`, ctx.signal)
      // A node being deleted is gone for Terraform: the next plan creates a new one.
      return node.status === 'deleting' ? null : toState(node, state.timeouts)
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  },
  async update(_ctx, prior, _planned, config) {
    // Only `timeouts` can change in place; everything else forces replacement.
    return { ...prior, timeouts: config.timeouts }
  },
  async delete(ctx, state) {
    const api = apiClient(ctx.client)
    const deadline = Date.now() + timeoutFor(state.timeouts, 'delete', 5 * 60_000)
    try {
      await api.delete(`/nodes/${state.id}`, ctx.signal)
    } catch (err) {
      if (!isNotFound(err)) throw err
    }
    await waitUntilGone(api, state.id!, deadline, ctx.signal)
  },
  async importState(_ctx, id) {
    return { id, timeouts: null }
  },
}
