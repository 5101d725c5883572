import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'
import { ipv4Number } from '../db/columns.js'

/** `deleted` is internal: the node is torn down and every endpoint answers 404 for it. */
export const NODE_STATUSES = ['provisioning', 'running', 'deleting', 'deleted'] as const

/** What a node's user data can be; null on the node means it has none. */
export const USER_DATA_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'skipped'] as const

/** Whether a node's machine is on; `rebuilding` while a rebuild is under way. */
export const POWER_STATES = ['on', 'off', 'rebooting', 'rebuilding'] as const

/** What `POST /api/v1/nodes/{id}/actions/{action}` can ask of a running node. */
export const POWER_ACTIONS = ['reboot', 'shutdown', 'poweroff', 'poweron', 'reset'] as const

/** What can be under way on a running node (`power_action`): a power action or a rebuild. */
export const NODE_ACTIONS = [...POWER_ACTIONS, 'rebuild'] as const

/** Compute nodes, kept after deletion for billing until their retention (node-retention.service.ts). */
export const nodes = sqliteTable(
  'nodes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name'),
    region: text('region').notNull(),
    vpcId: text('vpc_id').notNull(),
    hostId: text('host_id').notNull(),
    privateIp: text('private_ip').notNull(),
    /** `privateIp` as a number, the VPC allocator's index key (nullable only so the column could be added). */
    privateIpValue: ipv4Number('private_ip_value'),
    status: text('status', { enum: NODE_STATUSES }).notNull(),
    /** Locked at creation so a later catalog change never rewrites a running bill. */
    hourlyPrice: integer('hourly_price').notNull(),
    currency: text('currency').notNull(),
    /** AES-GCM ciphertext of the generated root password (see lib/secrets.ts). */
    rootPassword: text('root_password').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    runningAt: integer('running_at', { mode: 'timestamp_ms' }),
    /** When DELETE was accepted: billing stops here. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    tornDownAt: integer('torn_down_at', { mode: 'timestamp_ms' }),
    /** When the node was reported stuck (the `node.stuck` event), so it is reported once. */
    stuckAt: integer('stuck_at', { mode: 'timestamp_ms' }),
    /**
     * The engine's last error while building the node (short, see engine-error.ts), which the
     * worker retries until the node is stuck; its `node.stuck` event carries it.
     */
    provisioningError: text('provisioning_error'),
    /** Null without user data; its result is in user-data.table.ts. */
    userDataStatus: text('user_data_status', { enum: USER_DATA_STATUSES }),
    /**
     * The worker (server process) provisioning or tearing down the node, or following its
     * user data while that runs; see workers.table.ts.
     */
    workerId: text('worker_id'),
    /** False turns off password SSH login; the node's keys are in node_ssh_keys. */
    passwordLogin: integer('password_login', { mode: 'boolean' }).notNull().default(true),
    /** Since when the machine the node runs on cannot be reached (an Incus member offline). */
    unreachableSince: integer('unreachable_since', { mode: 'timestamp_ms' }),
    /** Whether the machine is on, as last done or seen; nodes from before power actions are `on`. */
    powerState: text('power_state', { enum: POWER_STATES }).notNull().default('on'),
    /**
     * The action accepted and not yet done by the engine, or null: kept so a restart does it
     * again, and so the health check leaves the node alone meanwhile.
     */
    powerAction: text('power_action', { enum: NODE_ACTIONS }),
  },
  (table) => [
    index('nodes_account_idx').on(table.accountId, table.status),
    index('nodes_status_idx').on(table.status, table.workerId),
    // A host carries at most one live node, and a private address is used once per VPC (by
    // value, which is also the order the VPC's allocator searches in).
    uniqueIndex('nodes_live_host_uq')
      .on(table.hostId)
      .where(sql`status <> 'deleted'`),
    uniqueIndex('nodes_live_private_ip_value_uq')
      .on(table.vpcId, table.privateIpValue)
      .where(sql`status <> 'deleted'`),
  ]
)

export type NodeRow = typeof nodes.$inferSelect
