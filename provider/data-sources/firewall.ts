/**
 * `data.nodeplane_firewall`: one firewall looked up by id or by name, its rules and targets as
 * the API stores them.
 * @module
 */
import { diagnosticError } from '../framework/diagnostics.js'
import type { DataSource } from '../framework/resource.js'
import { attr, schema, t } from '../framework/schema.js'
import { isUnknown } from '../framework/values.js'
import { apiClient, isNotFound } from '../client/api.js'
import type { ApiFirewall } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { firewallAttributes } from '../resources/firewall-attributes.js'

const firewallSchema = schema({
  description: 'One firewall of the account, by `id` or by `name`.',
  attributes: {
    id: attr.string({ optional: true, computed: true, description: 'The firewall id, `fw_…`.' }),
    name: attr.string({ optional: true, computed: true, description: 'Its name.' }),
    labels: attr.map(t.string, { computed: true, description: 'Labels, key to value.' }),
    rule: attr.list(
      t.object({
        direction: t.string,
        protocol: t.string,
        port: t.string,
        source_ips: t.list(t.string),
        description: t.string,
      }),
      {
        computed: true,
        description:
          'Its rules as the API stores them (`port` null for icmp, addresses in canonical form).',
      }
    ),
    apply_to: attr.list(t.object({ node_id: t.string, label_selector: t.string }), {
      computed: true,
      description: 'Its targets, each with one of `node_id` or `label_selector` set.',
    }),
    applied_to_nodes: attr.list(t.string, {
      computed: true,
      description: 'Ids of the nodes it applies to now, oldest first.',
    }),
  },
})

export const firewallDataSource: DataSource<typeof firewallSchema, ProviderClient> = {
  typeName: 'nodeplane_firewall',
  schema: firewallSchema,
  validate(ctx, config) {
    const given = [config.id, config.name].filter((v) => v !== null)
    if (given.length !== 1 && !given.some(isUnknown))
      ctx.diagnostics.error('Give id or name', 'Set exactly one of id and name.')
  },
  async read(ctx, config) {
    const api = apiClient(ctx.client)
    if (config.id !== null) {
      try {
        return firewallAttributes(
          await api.get<ApiFirewall>(`/api/v1/firewalls/${config.id}`, ctx.signal)
        )
      } catch (err) {
        if (isNotFound(err))
          throw diagnosticError('Firewall not found', `No firewall ${config.id} on this account.`, [
            'id',
          ])
        throw err
      }
    }
    // The list pages as GET /nodes does: ask for pages and follow them, whatever the filter.
    const query = new URLSearchParams({ name: config.name ?? '', limit: '100' })
    const [found] = await api.getAllPages<ApiFirewall>(`/api/v1/firewalls?${query}`, ctx.signal)
    if (!found)
      throw diagnosticError(
        'Firewall not found',
        `No firewall named ${config.name} on this account.`,
        ['name']
      )
    return firewallAttributes(found)
  },
}
