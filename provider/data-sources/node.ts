/**
 * `data.nodeplane_node`: one node looked up by id.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { DataSource } from '../framework/resource.js'
import { attr, schema, t } from '../framework/schema.js'
import { apiClient, isNotFound } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { nodeAttributes, nodeComputed } from '../resources/node-attributes.js'

const nodeSchema = schema({
  description: 'One compute node of the account, by id.',
  attributes: {
    id: attr.string({ required: true, description: 'The node id, `node_…`.' }),
    name: attr.string({ computed: true, description: 'The name, if any.' }),
    region: attr.string({ computed: true, description: 'Region the node runs in.' }),
    vpc_id: attr.string({ computed: true, description: 'The VPC the node is in.' }),
    host_id: attr.string({ computed: true, description: 'The compute host the node runs on.' }),
    labels: attr.map(t.string, { computed: true, description: 'Labels, key to value.' }),
    ssh_keys: attr.list(t.string, {
      computed: true,
      description: "Ids of the SSH keys in root's `authorized_keys`.",
    }),
    password_login: attr.bool({
      computed: true,
      description:
        'Whether root may log in with its password over SSH (by default only nodes created without SSH keys).',
    }),
    power_state: attr.string({
      computed: true,
      description:
        '`on`, `off`, `rebooting` or `rebuilding`; null from a server without power actions.',
    }),
    ...nodeComputed,
  },
})

export const nodeDataSource: DataSource<typeof nodeSchema, ProviderClient> = {
  typeName: 'nodeplane_node',
  schema: nodeSchema,
  async read(ctx, config) {
    try {
      return nodeAttributes(
        await apiClient(ctx.client).get<ApiNode>(`/nodes/${config.id}`, ctx.signal)
      )
    } catch (err) {
      if (isNotFound(err))
        throw diagnosticError('Node not found', `No node ${config.id} on this account.`, ['id'])
      throw err
    }
  },
}
