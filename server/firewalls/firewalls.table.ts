import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'

/**
 * Firewalls of an account; a deleted firewall is removed outright. `rules` is the JSON text of
 * the rules as the API shows them, already validated and normalised: they are always read and
 * replaced as a whole, so a child table would only add a join.
 */
export const firewalls = sqliteTable(
  'firewalls',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    rules: text('rules').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('firewalls_account_idx').on(table.accountId),
    // The database, not only the code, keeps names unique per account.
    uniqueIndex('firewalls_name_uq').on(table.accountId, table.name),
  ]
)

export const FIREWALL_TARGET_TYPES = ['node', 'label_selector'] as const

/**
 * A firewall's `apply_to`, one row per entry in the order given. A row per entry (rather than
 * JSON) lets the nodes a firewall names be found by index, from the node's side too.
 */
export const firewallTargets = sqliteTable(
  'firewall_targets',
  {
    firewallId: text('firewall_id')
      .notNull()
      .references(() => firewalls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type', { enum: FIREWALL_TARGET_TYPES }).notNull(),
    /** Set for `node` entries. */
    nodeId: text('node_id'),
    /** Set for `label_selector` entries, as sent. */
    selector: text('selector'),
  },
  (table) => [
    primaryKey({ columns: [table.firewallId, table.position] }),
    index('firewall_targets_node_idx').on(table.nodeId),
    index('firewall_targets_account_idx').on(table.accountId),
  ]
)
