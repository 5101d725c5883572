import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { ipv4Number } from '../db/columns.js'

/** Public addresses currently attached to nodes; a row is removed on detach. */
export const publicIps = sqliteTable(
  'public_ips',
  {
    /** The canonical network (`203.0.113.7/32`, `2001:db8:0:1::/64`): unique across the pools. */
    network: text('network').primaryKey(),
    /** The address with its prefix as the API shows it (`2001:db8:0:1::1/64`). */
    ip: text('ip').notNull(),
    version: integer('version').notNull(),
    /** An IPv4 address as a number, the allocator's index key; null for IPv6 blocks. */
    ipv4Value: ipv4Number('ipv4_value'),
    nodeId: text('node_id').notNull(),
    accountId: text('account_id').notNull(),
    attachedAt: integer('attached_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('public_ips_node_idx').on(table.nodeId, table.attachedAt),
    index('public_ips_account_idx').on(table.accountId),
    uniqueIndex('public_ips_ipv4_value_uq').on(table.ipv4Value),
  ]
)
