import { sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Facts about the install itself, one value per key. A migration writes some of them from
 * what the database held when it ran: `default_ingress` is `ssh-only` in an install that
 * already had accounts or nodes before nodes were open by default (migration 0020).
 */
export const installSettings = sqliteTable('install_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})
