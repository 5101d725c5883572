/**
 * The nodes' side of the worker's power actions and rebuilds, and of a guest's own poweroff:
 * each ends in one transaction with its event. Joined into the worker's hooks by nodes.worker.ts.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { Deps, ServiceCtx, ServiceTxCtx } from '../deps.js'
import type { NodeAction } from '../provisioning/driver.js'
import type { WorkerHooks } from '../provisioning/worker-api.js'
import { recordNodeEvent } from './node-events.js'
import {
  endPowerAction,
  markPoweredOffInside,
  nodesWithPowerAction,
  stateAfter,
} from './node-power.store.js'
import { expectedNode } from './nodes.spec.js'
import { findNode, type NodeRow } from './nodes.store.js'
import { abandonUserData, holdUserData, skipUserData } from './user-data.service.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets'> & Pick<Deps, 'log'>

type PowerHooks = Pick<
  WorkerHooks,
  'powerTarget' | 'powerDone' | 'powerFailed' | 'poweredOffInside' | 'pendingPowerActions'
>

/** The event each action ends with. */
const DONE_EVENT = {
  shutdown: 'node.powered_off',
  poweroff: 'node.powered_off',
  poweron: 'node.powered_on',
  reboot: 'node.rebooted',
  reset: 'node.rebooted',
  rebuild: 'node.rebuilt',
} as const

/** What else ends with an action, in its transaction: a rebuild's user data. */
type Also = (ctx: ServiceTxCtx<'clock' | 'secrets'>, row: NodeRow) => Promise<void>

/** `asWorker` makes the events name the worker `workerId` (see nodes.worker.ts). */
export function powerHooks(
  ctx: Ctx,
  workerId: string,
  asWorker: <T>(work: () => T) => T
): PowerHooks {
  return {
    async powerTarget(nodeId, action) {
      const row = await findNode(ctx.db, nodeId)
      if (row?.status !== 'running' || row.powerAction !== action) return undefined
      return expectedNode(ctx, row)
    },
    powerDone(nodeId, action, runsUserData = false) {
      // The new disk's user data: this worker starts it next, or the engine runs none.
      const also: Also | undefined =
        action !== 'rebuild'
          ? undefined
          : runsUserData
            ? (c, row) => holdUserData(c, row, workerId)
            : skipUserData
      return end(nodeId, action, stateAfter(action), DONE_EVENT[action], {}, also)
    },
    async powerFailed(nodeId, action, error) {
      // What it was before: on, unless it was off and failed to come on.
      const state = action === 'poweron' ? 'off' : 'on'
      const also: Also | undefined =
        action === 'rebuild'
          ? (c, row) => abandonUserData(c, row, `the rebuild failed: ${error}`)
          : undefined
      await end(nodeId, action, state, 'node.action_failed', { error }, also)
    },
    poweredOffInside(nodeIds) {
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          for (const row of await markPoweredOffInside(tx, nodeIds)) {
            const data = { power_state: 'off', action: null, by: 'guest' }
            await recordNodeEvent({ ...ctx, db: tx }, row, 'node.powered_off', data)
          }
        })
      )
    },
    async pendingPowerActions() {
      const rows = await nodesWithPowerAction(ctx.db)
      return rows.map((row) => ({ nodeId: row.id, action: row.powerAction! }))
    },
  }

  function end(
    nodeId: string,
    action: NodeAction,
    state: 'on' | 'off',
    type: (typeof DONE_EVENT)[NodeAction] | 'node.action_failed',
    extra: Record<string, unknown>,
    also?: Also
  ): Promise<void> {
    return asWorker(() =>
      transaction(ctx.db, async (tx) => {
        const row = await endPowerAction(tx, nodeId, action, state)
        if (!row) return
        const data = { power_state: state, action, by: 'api', ...extra }
        await recordNodeEvent({ ...ctx, db: tx }, row, type, data)
        if (also) await also({ ...ctx, db: tx }, row)
      })
    )
  }
}
