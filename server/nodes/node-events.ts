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
    | 'node.reachable',
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
