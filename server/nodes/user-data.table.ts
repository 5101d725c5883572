import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { nodes } from './nodes.table.js'

/**
 * The user data of nodes that have some, and its result; its status sits on the node row
 * (`user_data_status`), which every node read shows. The texts are AES-GCM ciphertext
 * (lib/secrets.ts): user data often carries secrets, and its output may echo them.
 */
export const nodeUserData = sqliteTable('node_user_data', {
  nodeId: text('node_id')
    .primaryKey()
    .references(() => nodes.id),
  /** The text as the user sent it, for GET /api/v1/nodes/{id}/user-data. */
  userData: text('user_data').notNull(),
  /** The shell script the node runs: the text itself, or its cloud-config converted at creation. */
  script: text('script').notNull(),
  exitCode: integer('exit_code'),
  /** The last 64 KiB of the script's stdout and stderr. */
  output: text('output'),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }),
  finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
})
