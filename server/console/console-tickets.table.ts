import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { nodes } from '../nodes/nodes.table.js'

/**
 * Console URLs handed out and not yet used (`POST /api/v1/nodes/{id}/console`). Both secrets
 * are stored only as SHA-256 hashes; a row is deleted when its URL is connected (once) or
 * after it expired. In the database, so any replica sharing it can serve the socket.
 */
export const consoleTickets = sqliteTable(
  'console_tickets',
  {
    /** SHA-256 (hex) of the URL's `ticket`. */
    ticketHash: text('ticket_hash').primaryKey(),
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    /** SHA-256 (hex) of the password the socket's first frame must carry. */
    passwordHash: text('password_hash').notNull(),
    /** Who asked for the URL: the session's events name them (see events/actor.ts). */
    actorType: text('actor_type', { enum: ['user', 'api_key', 'system', 'anonymous'] }).notNull(),
    actorId: text('actor_id'),
    requestId: text('request_id'),
    sourceAddress: text('source_address'),
    /**
     * The dashboard login that asked (SHA-256 of its cookie token), and a fingerprint of its
     * user's password hash then: the session ends at that logout or password change.
     */
    loginSessionHash: text('login_session_hash'),
    passwordStamp: text('password_stamp'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('console_tickets_expires_idx').on(table.expiresAt)]
)

export type ConsoleTicketRow = typeof consoleTickets.$inferSelect
