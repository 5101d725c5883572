import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { bigCount } from '../db/columns.js'
import { nodes } from './nodes.table.js'

/**
 * Nodes' resource figures, one row per node and interval: `step` 10 (kept 24 hours) or 300, the
 * averages of a 5-minute bucket (kept 30 days). Integers throughout, the compact kind on both
 * databases. A node costs about 8,640 rows of each step; docs/operations.md gives the bytes.
 */
export const nodeMetrics = sqliteTable(
  'node_metrics',
  {
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    /** The interval's length in seconds: 10 (a sample) or 300 (a rollup). */
    step: integer('step').notNull(),
    /** Unix seconds: the reading that ends a sample, or the start of a rollup's 5 minutes. */
    at: bigCount('at').notNull(),
    /** CPU busy in hundredths of a percent of one core (10000 = one core fully busy). */
    cpu: integer('cpu').notNull(),
    memoryBytes: bigCount('memory_bytes').notNull(),
    /** Null when the engine could not measure the disk then. */
    diskBytes: bigCount('disk_bytes'),
    inBps: bigCount('in_bps').notNull(),
    outBps: bigCount('out_bps').notNull(),
  },
  (table) => [primaryKey({ columns: [table.nodeId, table.step, table.at] })]
)
