import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './accounts.table.js'

/**
 * Dashboard login sessions. The cookie holds a random token; only its SHA-256 hash is stored,
 * so a copy of the database cannot be replayed as a login.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session token in the cookie. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Per-session token every dashboard form must send back (synchronizer-token CSRF defence). */
    csrfToken: text('csrf_token').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)]
)
