/**
 * Power actions on a node (`POST /api/v1/nodes/{id}/actions/{action}`): accepted here, in one
 * transaction that records the action as under way, then done by the worker in the background.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import type { NodeAction, PowerAction } from '../provisioning/driver.js'
import { recordNodeEvent } from './node-events.js'
import { startPowerAction } from './node-power.store.js'
import { liveNodeOr404 } from './nodes.lookup.js'
import type { Node } from './nodes.schema.js'
import type { NodeRow } from './nodes.table.js'
import { getNode } from './nodes.view.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets' | 'worker'>
type TxCtx = ServiceTxCtx<'clock'>

/** True when the node is already where `action` would take it: the action changes nothing. */
function alreadyDone(row: NodeRow, action: PowerAction): boolean {
  if (action === 'poweron') return row.powerState === 'on'
  if (action === 'shutdown' || action === 'poweroff') return row.powerState === 'off'
  return false
}

/** Why `action` cannot start on `row` now, if it cannot. */
export function refusal(row: NodeRow, action: NodeAction): ProblemError | undefined {
  if (row.status !== 'running')
    return new ProblemError(
      409,
      'node_not_running',
      `node ${row.id} is ${row.status}; power actions need a running node`
    )
  if (row.powerAction !== null)
    return new ProblemError(
      409,
      'action_in_progress',
      `node ${row.id} has a ${row.powerAction} under way; wait for it, then retry`
    )
  if ((action === 'reboot' || action === 'reset') && row.powerState === 'off')
    return new ProblemError(
      409,
      'node_powered_off',
      `node ${row.id} is off; power it on (poweron) instead of a ${action}`
    )
  return undefined
}

/**
 * Accepts `action` on a running node of the account and hands it to the worker; the node as
 * it is then. A repeat of the action under way, or one already done, changes nothing.
 */
export async function powerNode(
  ctx: Ctx,
  accountId: string,
  id: string,
  action: PowerAction
): Promise<Node> {
  const started = await transaction(ctx.db, async (tx) => {
    const row = await liveNodeOr404({ db: tx }, accountId, id)
    if (!ctx.worker.canPower)
      throw new ProblemError(
        409,
        'action_unsupported',
        `this server's ${ctx.config.driver} driver cannot power nodes off or on`
      )
    if (row.status === 'running' && (row.powerAction === action || alreadyDone(row, action)))
      return false
    const refused = refusal(row, action)
    if (refused) throw refused
    await acceptAction({ ...ctx, db: tx }, accountId, id, action)
    return true
  })
  if (started) ctx.worker.power(id, action)
  return getNode(ctx, accountId, id)
}

/**
 * Records `action` as under way on the node (with `fields`, see startPowerAction) and its
 * `node.action_started` event, so whoever watches the account's events sees it start; throws
 * the refusal when a deletion or another action committed first.
 */
export async function acceptAction(
  ctx: TxCtx,
  accountId: string,
  id: string,
  action: NodeAction,
  fields?: Parameters<typeof startPowerAction>[3]
): Promise<NodeRow> {
  // Conditional: a deletion or another action committing meanwhile wins, and this is refused.
  const row = await startPowerAction(ctx.db, id, action, fields)
  if (!row) {
    const now = await liveNodeOr404(ctx, accountId, id)
    throw refusal(now, action) ?? refusal({ ...now, powerAction: action }, action)!
  }
  const data = { action, power_state: row.powerState, by: 'api' }
  await recordNodeEvent(ctx, row, 'node.action_started', data)
  return row
}
