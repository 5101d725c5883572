/**
 * Console sessions while they are open: the limits per node and per account, the rows every
 * replica counts, and whether what opened a session (a key, a dashboard login) still may.
 * @module
 */
import { isLoginLive, passwordStamp } from '../accounts/sessions.service.js'
import { isKeyLive } from '../api-keys/api-keys.service.js'
import type { Db } from '../db/client.js'
import { transaction, type Tx } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { newPrefixedId } from '../lib/ids.js'
import {
  countLiveSessions,
  deleteSession,
  deleteStaleSessions,
  insertSession,
  touchSessions,
} from './console-sessions.store.js'
import type { ConsoleTicketRow } from './console-tickets.table.js'

/** How often a replica refreshes its sessions' rows and checks what opened them. */
export const WATCH_MS = 5_000
/** A row not refreshed for this long belongs to a replica that died: it counts no more. */
const STALE_MS = 6 * WATCH_MS

type Ctx = ServiceCtx<'clock' | 'config'>

const staleBefore = (ctx: Ctx) => new Date(ctx.clock.now().getTime() - STALE_MS)

/**
 * Why the account cannot open one more session on the node now (`console_session_limit`),
 * or undefined when it can.
 */
export async function sessionLimitProblem(
  ctx: Ctx,
  db: Db | Tx,
  accountId: string,
  nodeId: string
): Promise<ProblemError | undefined> {
  const open = await countLiveSessions(db, accountId, nodeId, staleBefore(ctx))
  const { consoleSessionsPerNode: perNode, consoleSessionsPerAccount: perAccount } = ctx.config
  if (open.node >= perNode)
    return new ProblemError(
      409,
      'console_session_limit',
      `node ${nodeId} has ${open.node} console sessions open, the most a node may have (${perNode}): close one first`
    )
  if (open.account >= perAccount)
    return new ProblemError(
      409,
      'console_session_limit',
      `the account has ${open.account} console sessions open, the most it may have (${perAccount}): close one first`
    )
  return undefined
}

/**
 * Counts the session of a used ticket in, unless it would pass a limit (tickets handed out
 * together may outnumber the room left): its id, or the problem.
 */
export function beginSession(
  ctx: Ctx,
  ticket: ConsoleTicketRow
): Promise<{ id: string } | ProblemError> {
  return transaction(ctx.db, async (tx) => {
    await deleteStaleSessions(tx, staleBefore(ctx))
    const problem = await sessionLimitProblem(ctx, tx, ticket.accountId, ticket.nodeId)
    if (problem) return problem
    const now = ctx.clock.now()
    const id = newPrefixedId('cons')
    const row = { id, nodeId: ticket.nodeId, accountId: ticket.accountId }
    await insertSession(tx, { ...row, startedAt: now, seenAt: now })
    return { id }
  })
}

/** Counts a session out. */
export function endSession(ctx: ServiceCtx, id: string): Promise<void> {
  return transaction(ctx.db, (tx) => deleteSession(tx, id))
}

/** Tells the other replicas that this one's sessions are still open. */
export function refreshSessions(ctx: ServiceCtx<'clock'>, ids: string[]): Promise<void> {
  return transaction(ctx.db, (tx) => touchSessions(tx, ids, ctx.clock.now()))
}

/**
 * What a ticket records of the dashboard login that asks for it, so that the session ends
 * with that login or at a change of its user's password.
 */
export async function loginOfTicket(
  ctx: ServiceCtx,
  userId: string,
  loginSessionHash: string
): Promise<Pick<ConsoleTicketRow, 'loginSessionHash' | 'passwordStamp'>> {
  return { loginSessionHash, passwordStamp: (await passwordStamp(ctx, userId)) ?? null }
}

/**
 * Whether what asked for the ticket may still use its session: the API key is not revoked, or
 * the dashboard login is not logged out or expired and its user's password is unchanged.
 */
export async function openerStillAllowed(
  ctx: ServiceCtx<'clock'>,
  ticket: ConsoleTicketRow
): Promise<boolean> {
  if (!ticket.actorId) return false
  if (ticket.actorType === 'api_key') return isKeyLive(ctx, ticket.actorId)
  if (ticket.actorType !== 'user' || !ticket.loginSessionHash) return false
  if (!(await isLoginLive(ctx, ticket.loginSessionHash))) return false
  return (await passwordStamp(ctx, ticket.actorId)) === ticket.passwordStamp
}
