/**
 * `data.nodeplane_nodes`: the account's nodes that match a label selector and filters, every
 * page of `GET /nodes` read.
 * @module
 */
import type { DataSource } from '../framework/resource.js'
import { attr, schema } from '../framework/schema.js'
import { apiClient } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { nodeAttributes, nodeObject } from '../resources/node-attributes.js'

/** Nodes per request: the server allows up to 1000; pages keep each answer small. */
const PAGE_SIZE = 100

const nodesSchema = schema({
  description: 'The nodes of the account that match every given filter, oldest first.',
  attributes: {
    label_selector: attr.string({
      optional: true,
      description:
        'Labels to match, comma meaning AND: `k=v`, `k==v`, `k!=v` (also true without the label), `k` (has it), `!k` (has it not), ' +
        '`k in (v1,v2)`, `k notin (v1,v2)`; e.g. `env=prod,tier in (web,api),!legacy`.',
    }),
    status: attr.string({
      optional: true,
      description: 'Only nodes in this status: `provisioning`, `running` or `deleting`.',
    }),
    region: attr.string({ optional: true, description: 'Only nodes in this region.' }),
    vpc_id: attr.string({ optional: true, description: 'Only nodes in this VPC.' }),
    nodes: attr.list(nodeObject, {
      computed: true,
      description:
        'The matching nodes, oldest first, each with the attributes of `data.nodeplane_node`.',
    }),
  },
})

const FILTERS = ['label_selector', 'status', 'region', 'vpc_id'] as const

export const nodesDataSource: DataSource<typeof nodesSchema, ProviderClient> = {
  typeName: 'nodeplane_nodes',
  schema: nodesSchema,
  async read(ctx, config) {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) })
    for (const name of FILTERS) {
      const value = config[name]
      if (value !== null) query.set(name, value)
    }
    const nodes = await apiClient(ctx.client).getAllPages<ApiNode>(`/nodes?${query}`, ctx.signal)
    return { ...config, nodes: nodes.map(nodeAttributes) }
  },
}
