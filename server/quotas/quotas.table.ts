import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Limits the operator set (`nodeplane accounts limits set`): per account, or for every account
 * under the account id `*`. A limit with no row here is the built-in default of quota-names.ts,
 * so a new limit needs no migration of its own.
 */
export const accountLimits = sqliteTable(
  'account_limits',
  {
    /** An account's id, or `*` for the default of every account (hence no foreign key). */
    accountId: text('account_id').notNull(),
    /** One of LIMIT_NAMES. */
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.name] })]
)

export type AccountLimitRow = typeof accountLimits.$inferSelect
