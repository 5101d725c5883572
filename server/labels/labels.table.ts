import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'

/** The families that carry labels; the `kind` column says which table `resource_id` is in. */
export const LABELED_KINDS = ['node', 'vpc', 'ssh_key', 'firewall'] as const
export type LabeledKind = (typeof LABELED_KINDS)[number]

/**
 * Labels of nodes, VPCs, SSH keys and firewalls, one row per key. A row per label (rather than a JSON
 * column) lets a `label_selector` become EXISTS / NOT EXISTS subqueries that both SQLite and
 * PostgreSQL answer from the primary key, inside the list query, together with its paging.
 */
export const labels = sqliteTable(
  'labels',
  {
    kind: text('kind', { enum: LABELED_KINDS }).notNull(),
    resourceId: text('resource_id').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  // The key a selector's subquery looks up for each candidate row, and a reader's range scan.
  (table) => [primaryKey({ columns: [table.kind, table.resourceId, table.key] })]
)
