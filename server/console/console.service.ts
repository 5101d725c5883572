/**
 * Node consoles: the one-time URL and password `POST /api/v1/nodes/{id}/console` hands out,
 * their use by the socket (console.socket.ts), and the events of a session.
 * @module
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { currentActor, type Actor } from '../events/actor.js'
import { recordEvent } from '../events/events.service.js'
import { ProblemError } from '../http/problem.js'
import { websocketBase } from '../http/public-url.js'
import { liveNodeOr404 } from '../nodes/nodes.lookup.js'
import type { NodeRow } from '../nodes/nodes.table.js'
import type { NodeConsole } from './console.schema.js'
import { deleteExpiredTickets, insertTicket, takeTicket } from './console-tickets.store.js'
import type { ConsoleTicketRow } from './console-tickets.table.js'
import { hashSecret } from '../lib/secrets.js'
import { loginOfTicket, sessionLimitProblem } from './console-sessions.service.js'

/** A console URL must be connected within this long of its issue. */
export const TICKET_TTL_MS = 60_000

/** The socket's path for a node; its `ticket` query parameter says which URL it is. */
export const socketPath = (nodeId: string) => `/api/v1/nodes/${nodeId}/console/socket`

/** 256 bits, URL-safe: the ticket and the password are each unguessable on their own. */
const secret = () => randomBytes(32).toString('base64url')

/** Why a node's console cannot open now, or undefined when it can. */
function refusal(row: NodeRow): ProblemError | undefined {
  if (row.status !== 'running')
    return new ProblemError(
      409,
      'node_not_running',
      `node ${row.id} is ${row.status}; a console needs a running node`
    )
  if (row.powerState === 'off')
    return new ProblemError(409, 'node_powered_off', `node ${row.id} is off; power it on first`)
  return undefined
}

/**
 * A one-time console URL of a running node of the account and its password, shown once: the
 * URL is under `base` (the server as its client reaches it, http/public-url.ts, as `ws(s)://`)
 * and expires TICKET_TTL_MS after issue. The caller is recorded as who opens the session; a
 * dashboard caller gives its login (`loginSessionHash`), whose logout ends the session.
 */
export async function requestConsole(
  ctx: ServiceCtx<'clock' | 'config' | 'worker'>,
  accountId: string,
  nodeId: string,
  base: string,
  loginSessionHash?: string
): Promise<NodeConsole> {
  const ticket = secret()
  const password = secret()
  const actor = currentActor()
  const login =
    actor.type === 'user' && actor.id && loginSessionHash
      ? await loginOfTicket(ctx, actor.id, loginSessionHash)
      : { loginSessionHash: null, passwordStamp: null }
  await transaction(ctx.db, async (tx) => {
    const row = await liveNodeOr404({ ...ctx, db: tx }, accountId, nodeId)
    if (!ctx.worker.canConsole)
      throw new ProblemError(
        409,
        'console_unsupported',
        `this server's ${ctx.config.driver} driver opens no consoles`
      )
    const refused = refusal(row) ?? (await sessionLimitProblem(ctx, tx, accountId, nodeId))
    if (refused) throw refused
    const now = ctx.clock.now()
    await deleteExpiredTickets(tx, now)
    await insertTicket(tx, {
      ticketHash: hashSecret(ticket),
      nodeId,
      accountId,
      passwordHash: hashSecret(password),
      actorType: actor.type,
      actorId: actor.id,
      requestId: actor.request_id,
      sourceAddress: actor.source_address,
      ...login,
      expiresAt: new Date(now.getTime() + TICKET_TTL_MS),
    })
  })
  return { url: `${websocketBase(base)}${socketPath(nodeId)}?ticket=${ticket}`, password }
}

/** Uses up a node's console ticket: its record when it is valid and unused, else undefined. */
export function claimTicket(
  ctx: ServiceCtx<'clock'>,
  nodeId: string,
  ticket: string
): Promise<ConsoleTicketRow | undefined> {
  return transaction(ctx.db, (tx) => takeTicket(tx, hashSecret(ticket), nodeId, ctx.clock.now()))
}

/** Whether `password` is the ticket's, compared in constant time. */
export function passwordMatches(ticket: ConsoleTicketRow, password: string): boolean {
  return timingSafeEqual(Buffer.from(hashSecret(password)), Buffer.from(ticket.passwordHash))
}

/**
 * Who asked for the ticket, as its session's events name them, from the address that
 * connected: the one that asked for the URL may be another (data.requested_from).
 */
function actorOf(ticket: ConsoleTicketRow, peerAddress: string | null): Actor {
  return {
    type: ticket.actorType,
    id: ticket.actorId,
    request_id: ticket.requestId,
    source_address: peerAddress,
  }
}

/** A console session as its events describe it. */
export interface SessionRecord {
  ticket: ConsoleTicketRow
  startedAt: Date
  /** The address the socket came from. */
  peerAddress: string | null
}

/**
 * Records that a console session began (`node.console_opened`) or ended
 * (`node.console_closed`, with its duration in seconds and why it ended), by whoever asked for
 * its URL, from the address that connected.
 */
export function recordConsoleEvent(
  ctx: ServiceCtx<'clock'>,
  session: SessionRecord,
  end?: { at: Date; reason: string }
): Promise<void> {
  const { ticket, startedAt } = session
  const data: Record<string, unknown> = {
    started_at: startedAt.toISOString(),
    requested_from: ticket.sourceAddress,
  }
  if (end) {
    data.duration_seconds = Math.round((end.at.getTime() - startedAt.getTime()) / 1000)
    data.reason = end.reason
  }
  const type = end ? 'node.console_closed' : 'node.console_opened'
  return transaction(ctx.db, (tx) =>
    recordEvent(
      { ...ctx, db: tx },
      { accountId: ticket.accountId, type, resourceId: ticket.nodeId, data },
      actorOf(ticket, session.peerAddress)
    )
  )
}
