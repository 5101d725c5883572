import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Secrets of the installation itself, shared by every replica: each is sealed with the
 * server's secret key (lib/secrets.ts), as root passwords are. Created once, on first use; the
 * first is nodeplane's Incus client certificate (`incus.client_certificate`), the second the
 * provider registry's OpenPGP signing key (`registry.signing_key`).
 */
export const credentials = sqliteTable('credentials', {
  name: text('name').primaryKey(),
  sealed: text('sealed').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})
