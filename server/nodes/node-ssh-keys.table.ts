import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { sshKeys } from '../ssh-keys/ssh-keys.table.js'
import { nodes } from './nodes.table.js'

/**
 * The SSH keys of a node, in the order the user gave them: root's authorized_keys holds
 * exactly these. A key in use by a live node cannot be deleted (409 `ssh_key_in_use`).
 */
export const nodeSshKeys = sqliteTable(
  'node_ssh_keys',
  {
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sshKeyId: text('ssh_key_id')
      .notNull()
      .references(() => sshKeys.id),
  },
  (table) => [
    primaryKey({ columns: [table.nodeId, table.position] }),
    index('node_ssh_keys_key_idx').on(table.sshKeyId),
  ]
)
