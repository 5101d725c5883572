/**
 * A node's power in the database: an action accepted (`power_action`), then done or failed,
 * and a guest's own poweroff. Each write is one conditional statement, so an action, the
 * health check and a deletion never overwrite each other.
 * @module
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import type { NodeAction } from '../provisioning/driver.js'
import { nodes, type NodeRow } from './nodes.table.js'

export type PowerState = NodeRow['powerState']

/** The power state an action ends in (a rebuild ends on, whatever it started from). */
export function stateAfter(action: NodeAction): 'on' | 'off' {
  return action === 'shutdown' || action === 'poweroff' ? 'off' : 'on'
}

/** The power state shown while `action` is under way; undefined keeps the one before. */
function stateDuring(action: NodeAction): PowerState | undefined {
  if (action === 'reboot' || action === 'reset') return 'rebooting'
  if (action === 'rebuild') return 'rebuilding'
  return undefined
}

/**
 * Records `action` as under way on a running node with none under way, with `fields` (a
 * rebuild's new password and user data status) in the same statement; reboots show
 * `rebooting` meanwhile, a rebuild `rebuilding`. Undefined when the node moved on (deleting)
 * or another action won.
 */
export async function startPowerAction(
  tx: Tx,
  id: string,
  action: NodeAction,
  fields: Partial<Pick<NodeRow, 'rootPassword' | 'userDataStatus'>> = {}
): Promise<NodeRow | undefined> {
  const powerState = stateDuring(action)
  const [row] = await tx
    .update(nodes)
    .set({ ...fields, powerAction: action, ...(powerState ? { powerState } : {}) })
    .where(and(eq(nodes.id, id), eq(nodes.status, 'running'), isNull(nodes.powerAction)))
    .returning()
  return row
}

/**
 * Ends the action under way, if it is still `action`: `state` is what the machine is now.
 * Undefined when there was nothing to end (the node was deleted meanwhile).
 */
export async function endPowerAction(
  tx: Tx,
  id: string,
  action: NodeAction,
  state: PowerState
): Promise<NodeRow | undefined> {
  const [row] = await tx
    .update(nodes)
    .set({ powerAction: null, powerState: state })
    .where(and(eq(nodes.id, id), eq(nodes.status, 'running'), eq(nodes.powerAction, action)))
    .returning()
  return row
}

/**
 * Records as off the running nodes `ids` that are on with no action under way (the health
 * check found their guest powered itself off); returns those it changed.
 */
export function markPoweredOffInside(tx: Tx, ids: string[]): Promise<NodeRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return tx
    .update(nodes)
    .set({ powerState: 'off' })
    .where(
      and(
        inArray(nodes.id, ids),
        eq(nodes.status, 'running'),
        eq(nodes.powerState, 'on'),
        isNull(nodes.powerAction)
      )
    )
    .returning()
}

/** Running nodes with an action under way (to do again after a restart). */
export function nodesWithPowerAction(db: Db): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(and(eq(nodes.status, 'running'), isNotNull(nodes.powerAction)))
}

/** Ids of the running nodes that are on with no action under way: the health check's to watch. */
export async function steadyRunningIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(eq(nodes.status, 'running'), eq(nodes.powerState, 'on'), isNull(nodes.powerAction)))
  return rows.map((row) => row.id)
}
