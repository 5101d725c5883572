import type { ServiceTxCtx } from '../deps.js'
import { recordEvent } from '../events/events.service.js'
import type { NodeRow } from './nodes.table.js'

type TxCtx = ServiceTxCtx<'clock'>

/** Records an event about a node; `data` joins the node's status. */
export function recordNodeEvent(
  ctx: TxCtx,
  row: Pick<NodeRow, 'id' | 'accountId' | 'status'>,
  type:
    | 'node.created'
    | 'node.running'
    | 'node.stuck'
    | 'node.deleting'
    | 'node.deleted'
    | 'node.restarted'
    | 'node.unreachable'
    | 'node.reachable'
    | 'node.powered_off'
    | 'node.powered_on'
    | 'node.rebooted'
    | 'node.rebuilt'
    | 'node.action_started'
    | 'node.action_failed',
  data: Record<string, unknown> = {},
  status: string = row.status
): Promise<void> {
  return recordEvent(ctx, {
    accountId: row.accountId,
    type,
    resourceId: row.id,
    data: { status, ...data },
  })
}

/**
 * `node.stuck` for each node just marked stuck (markStuck), once: with the engine's last error
 * when it gave one, none when the node only never became ready.
 */
export async function recordStuckEvents(
  ctx: TxCtx,
  rows: Pick<NodeRow, 'id' | 'accountId' | 'status' | 'provisioningError'>[]
): Promise<void> {
  for (const row of rows) {
    const error = row.provisioningError
    await recordNodeEvent(
      ctx,
      row,
      'node.stuck',
      error === null ? { stuck: true } : { stuck: true, error }
    )
  }
}
