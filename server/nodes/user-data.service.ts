/**
 * Nodes' user data: stored sealed at creation, run once by the driver when the node is first
 * reachable, its result recorded by the worker (the `node.user_data_finished` event) and
 * shown by `GET /api/v1/nodes/{id}/user-data` and `.../user-data/result`.
 * @module
 */
import type { Principal } from '../api-keys/api-keys.service.js'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { actingAs, systemActor } from '../events/actor.js'
import { recordEvent } from '../events/events.service.js'
import { ProblemError } from '../http/problem.js'
import type { UserDataRun } from '../provisioning/driver.js'
import type { WorkerHooks } from '../provisioning/worker-api.js'
import { findLiveNode, findNode, type NodeRow } from './nodes.store.js'
import {
  findUserData,
  holdNode,
  insertUserData,
  moveUserDataStatus,
  releaseNode,
  replaceUserData,
  updateUserDataResult,
} from './user-data.store.js'

type Ctx = ServiceCtx<'clock' | 'secrets'>
type TxCtx = ServiceTxCtx<'clock' | 'secrets'>

/** Keeps a new node's user data (sealed) and the script it runs, in the node's transaction. */
export async function saveUserData(
  ctx: ServiceTxCtx<'secrets'>,
  nodeId: string,
  text: string,
  script: string
): Promise<void> {
  const { secrets } = ctx
  await insertUserData(ctx.db, {
    nodeId,
    userData: secrets.seal(text),
    script: secrets.seal(script),
  })
}

/** A run's result, dropped when a rebuild starts a new life for the node's user data. */
const NO_RESULT = { exitCode: null, output: null, startedAt: null, finishedAt: null }

/**
 * A rebuild's new life for a node's user data, in the transaction that accepts the rebuild:
 * `text` (with its `script`) replaces it when given, and the last run's result is dropped. The
 * status the node gets: `pending` when it has user data (the rebuilt node runs it), else null.
 */
export async function renewUserData(
  ctx: ServiceTxCtx<'secrets'>,
  nodeId: string,
  given?: { text: string; script: string }
): Promise<'pending' | null> {
  const stored = await findUserData(ctx.db, nodeId)
  if (given) {
    const row = {
      nodeId,
      userData: ctx.secrets.seal(given.text),
      script: ctx.secrets.seal(given.script),
    }
    if (stored) await replaceUserData(ctx.db, row)
    else await insertUserData(ctx.db, row)
  } else if (!stored) return null
  await updateUserDataResult(ctx.db, nodeId, NO_RESULT)
  return 'pending'
}

/** A rebuilt node's pending user data stays with `workerId`, which starts it next. */
export async function holdUserData(
  ctx: ServiceTxCtx<'clock'>,
  node: NodeRow,
  workerId: string
): Promise<void> {
  if (node.userDataStatus === 'pending') await holdNode(ctx.db, node.id, workerId)
}

/**
 * Records that a node's pending user data will not run (its rebuild failed), saying `why` in
 * its output, in the transaction that records the failure.
 */
export async function abandonUserData(ctx: TxCtx, node: NodeRow, why: string): Promise<void> {
  if (node.userDataStatus !== 'pending') return
  if (!(await moveUserDataStatus(ctx.db, node.id, ['pending'], 'failed'))) return
  const output = ctx.secrets.seal(`[nodeplane] ${why}; the user data did not run\n`)
  await updateUserDataResult(ctx.db, node.id, { output, finishedAt: ctx.clock.now() })
  await finishedEvent(ctx, node, 'failed', null)
}

/**
 * The script a stored node has yet to run, or null: without user data, and once it started
 * (only `startUserData` uses it, while the status is `pending`). Every node's spec is built on
 * a start, so a finished script is neither read nor decrypted for each one.
 */
export async function userDataScriptOf(ctx: Ctx, row: NodeRow): Promise<string | null> {
  if (row.userDataStatus !== 'pending') return null
  const stored = await findUserData(ctx.db, row.id)
  return stored ? ctx.secrets.open(stored.script) : null
}

/**
 * Records that the driver will not run a node's user data (`skipped`), in the transaction that
 * marks the node running.
 */
export async function skipUserData(ctx: TxCtx, node: NodeRow): Promise<void> {
  // `node` was read in this transaction: a node without user data has nothing to skip.
  if (node.userDataStatus !== 'pending') return
  if (!(await moveUserDataStatus(ctx.db, node.id, ['pending'], 'skipped'))) return
  await finishedEvent(ctx, node, 'skipped', null)
}

function finishedEvent(
  ctx: TxCtx,
  node: Pick<NodeRow, 'id' | 'accountId'>,
  status: string,
  exitCode: number | null
): Promise<void> {
  return recordEvent(ctx, {
    accountId: node.accountId,
    type: 'node.user_data_finished',
    resourceId: node.id,
    data: { status, exit_code: exitCode },
  })
}

/** Why a run that did not end by itself failed, as the last line of its output. */
const NOTES: Partial<Record<UserDataRun['state'], string>> = {
  absent:
    '[nodeplane] the node lost its disk (it was rebuilt) before its user data finished; it is not run again',
  lost: '[nodeplane] the node restarted while its user data ran; it is not run again',
  unreadable:
    "[nodeplane] the run's state could not be read from the node: reading it printed more than a run's state holds",
}

/** The worker's side of user data: reading its status, and recording its start and its end. */
export function userDataHooks(
  ctx: Ctx,
  workerId: string
): Pick<WorkerHooks, 'userDataStatus' | 'userDataStarted' | 'userDataFinished'> {
  const asWorker = <T>(work: () => T): T => actingAs(systemActor(workerId), work)
  return {
    async userDataStatus(nodeId) {
      const node = await findNode(ctx.db, nodeId)
      if (node?.status !== 'running' || node.workerId !== workerId) return undefined
      // A rebuild under way ends a run's following: the rebuilt node starts it anew.
      if (node.powerAction === 'rebuild') return undefined
      return node.userDataStatus
    },
    async userDataStarted(nodeId, startedAt) {
      await transaction(ctx.db, async (tx) => {
        if (await moveUserDataStatus(tx, nodeId, ['pending'], 'running'))
          await updateUserDataResult(tx, nodeId, { startedAt })
      })
    },
    userDataFinished(nodeId, run) {
      const status = run.state === 'exited' && run.exitCode === 0 ? 'succeeded' : 'failed'
      const note = NOTES[run.state]
      const output = note
        ? `${run.output}${run.output && !run.output.endsWith('\n') ? '\n' : ''}${note}\n`
        : run.output
      return asWorker(() =>
        transaction(ctx.db, async (tx) => {
          const node = await findNode(tx, nodeId)
          if (!node || !(await moveUserDataStatus(tx, nodeId, ['pending', 'running'], status)))
            return
          await releaseNode(tx, nodeId, workerId)
          await updateUserDataResult(tx, nodeId, {
            exitCode: run.exitCode,
            output: ctx.secrets.seal(output),
            ...(run.startedAt ? { startedAt: run.startedAt } : {}),
            finishedAt: run.finishedAt ?? ctx.clock.now(),
          })
          await finishedEvent({ ...ctx, db: tx }, node, status, run.exitCode)
        })
      )
    },
  }
}

/** The live node of the account with user data, for the user data endpoints (read_write only). */
async function nodeWithUserData(ctx: Ctx, principal: Principal, id: string) {
  if (principal.scope !== 'read_write') {
    throw new ProblemError(403, 'insufficient_scope', 'user data needs a read_write API key')
  }
  const row = await findLiveNode(ctx.db, principal.accountId, id)
  if (!row) throw new ProblemError(404, 'node_not_found', `no node ${id} on this account`)
  const stored = row.userDataStatus === null ? undefined : await findUserData(ctx.db, row.id)
  if (!stored) throw new ProblemError(404, 'user_data_not_found', `node ${id} has no user data`)
  return { row, stored }
}

/** `GET /api/v1/nodes/{id}/user-data`: the text as it was sent. */
export async function getUserData(ctx: Ctx, principal: Principal, id: string) {
  const { row, stored } = await nodeWithUserData(ctx, principal, id)
  return { node_id: row.id, user_data: ctx.secrets.open(stored.userData) }
}

/** `GET /api/v1/nodes/{id}/user-data/result`: status, exit code and output of the run. */
export async function getUserDataResult(ctx: Ctx, principal: Principal, id: string) {
  const { row, stored } = await nodeWithUserData(ctx, principal, id)
  return {
    node_id: row.id,
    status: row.userDataStatus!,
    exit_code: stored.exitCode,
    output: stored.output === null ? '' : ctx.secrets.open(stored.output),
    started_at: stored.startedAt?.toISOString() ?? null,
    finished_at: stored.finishedAt?.toISOString() ?? null,
  }
}
