import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/client.js'
import { bookkeepingWrite } from '../db/storage-full.js'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { currentActor } from '../events/actor.js'
import { recordEvent } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import {
  findUserByEmail,
  findUserById,
  updatePasswordHash,
  type UserRow,
} from './accounts.store.js'
import { checkNewPassword } from './password-rules.js'
import { hashPasswordAsync, verifyPasswordAsync } from './passwords.js'
import {
  deleteExpiredSessions,
  deleteOtherSessions,
  deleteSession,
  findSession,
  insertSession,
  touchSession,
} from './sessions.store.js'
import { hashSecret } from '../lib/secrets.js'

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
/** ...and in any case this long after login. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000
/** `last_seen_at` is refreshed at most this often, so reads rarely write. */
const TOUCH_INTERVAL_MS = 60_000
export { MIN_PASSWORD_LENGTH } from './password-rules.js'

/** A logged-in user as the dashboard sees it. */
export interface Session {
  user: Pick<UserRow, 'id' | 'accountId' | 'email' | 'isAdmin' | 'passwordMustChange'>
  tokenHash: string
  csrfToken: string
}

type Ctx = ServiceCtx<'clock'>

// Checking a password against this when the email is unknown makes both failures take as
// long, so response times do not tell which emails have accounts.
let dummyHash: string | undefined

async function checkCredentials(
  db: Db,
  email: string,
  password: string
): Promise<{ user: UserRow | undefined; ok: boolean }> {
  const user = await findUserByEmail(db, email.trim().toLowerCase())
  if (!user) dummyHash ??= await hashPasswordAsync(randomBytes(16).toString('hex'))
  const ok = await verifyPasswordAsync(password, user?.passwordHash ?? dummyHash!)
  return { user, ok: !!user && ok }
}

/**
 * A wrong password for a known user goes on its account's record (login.failed); an unknown
 * email has no account to record it on.
 */
async function recordFailedLogin(ctx: Ctx, user: UserRow | undefined): Promise<void> {
  if (!user) return
  const actor = { ...currentActor(), type: 'anonymous' as const, id: null }
  const event = {
    accountId: user.accountId,
    type: 'login.failed' as const,
    resourceId: user.id,
    data: { email: user.email },
  }
  await transaction(ctx.db, (tx) => recordEvent({ ...ctx, db: tx }, event, actor))
}

/** Verifies email and password and opens a session; returns the cookie token and the session. */
export async function login(
  ctx: Ctx,
  email: string,
  password: string
): Promise<{ token: string; session: Session }> {
  const { user, ok } = await checkCredentials(ctx.db, email, password)
  if (!user || !ok) {
    await recordFailedLogin(ctx, user)
    throw new ProblemError(401, 'invalid_credentials', 'The email or password is not correct.')
  }
  const now = ctx.clock.now()
  const token = randomBytes(32).toString('base64url')
  const row = {
    tokenHash: hashSecret(token),
    userId: user.id,
    csrfToken: randomBytes(32).toString('base64url'),
    createdAt: now,
    lastSeenAt: now,
  }
  await transaction(ctx.db, async (tx) => {
    await deleteExpiredSessions(
      tx,
      new Date(now.getTime() - SESSION_IDLE_MS),
      new Date(now.getTime() - SESSION_MAX_MS)
    )
    await insertSession(tx, row)
    const actor = { ...currentActor(), type: 'user' as const, id: user.id }
    const event = {
      accountId: user.accountId,
      type: 'login.succeeded' as const,
      resourceId: user.id,
      data: { email: user.email },
    }
    await recordEvent({ ...ctx, db: tx }, event, actor)
  })
  return { token, session: { user, tokenHash: row.tokenHash, csrfToken: row.csrfToken } }
}

/**
 * The live session a cookie token names, or undefined when it is unknown or expired. Removing an
 * expired session and refreshing `last_seen_at` are bookkeeping: on a full disk they are skipped
 * (an expired session stays refused by its times) and the page still renders.
 */
export async function sessionFromToken(
  ctx: ServiceCtx<'clock' | 'log'>,
  token: string
): Promise<Session | undefined> {
  const tokenHash = hashSecret(token)
  const row = await findSession(ctx.db, tokenHash)
  if (!row) return undefined
  const now = ctx.clock.now().getTime()
  const user = await findUserById(ctx.db, row.userId)
  const what = { key: `session:${tokenHash}`, fields: { user_id: row.userId } }
  if (
    !user ||
    now - row.lastSeenAt.getTime() > SESSION_IDLE_MS ||
    now - row.createdAt.getTime() > SESSION_MAX_MS
  ) {
    await bookkeepingWrite(ctx.log, what, () =>
      transaction(ctx.db, (tx) => deleteSession(tx, tokenHash))
    )
    return undefined
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await bookkeepingWrite(ctx.log, what, () =>
      transaction(ctx.db, (tx) =>
        touchSession(tx, tokenHash, new Date(now), new Date(now - TOUCH_INTERVAL_MS))
      )
    )
  }
  return { user, tokenHash, csrfToken: row.csrfToken }
}

/**
 * Whether a login is still open (not logged out, not expired), without counting as activity:
 * what a long-lived use of it (a console session) checks.
 */
export async function isLoginLive(ctx: Ctx, tokenHash: string): Promise<boolean> {
  const row = await findSession(ctx.db, tokenHash)
  if (!row) return false
  const now = ctx.clock.now().getTime()
  return (
    now - row.lastSeenAt.getTime() <= SESSION_IDLE_MS &&
    now - row.createdAt.getTime() <= SESSION_MAX_MS
  )
}

/**
 * A fingerprint of the user's password hash, which changes with the password; undefined when
 * the user is gone. A long-lived use of a login keeps it, to end when the password changes.
 */
export async function passwordStamp(ctx: ServiceCtx, userId: string): Promise<string | undefined> {
  const user = await findUserById(ctx.db, userId)
  return user && hashSecret(user.passwordHash)
}

/** True when a submitted form token is this session's; compared in constant time. */
export function csrfTokenMatches(session: Session, submitted: string | undefined): boolean {
  const expected = Buffer.from(session.csrfToken)
  const actual = Buffer.from(submitted ?? '')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export async function logout(ctx: ServiceCtx, session: Session): Promise<void> {
  await transaction(ctx.db, (tx) => deleteSession(tx, session.tokenHash))
}

/**
 * Changes the user's password after checking the current one; ends their other sessions. A
 * one-time password changed this way is one no longer.
 */
export async function changePassword(
  ctx: ServiceCtx,
  session: Session,
  current: string,
  next: string
): Promise<void> {
  const user = await findUserById(ctx.db, session.user.id)
  if (!user || !(await verifyPasswordAsync(current, user.passwordHash))) {
    throw invalidField('current_password', 'is not your current password', 'invalid_credentials')
  }
  checkNewPassword(next, next === current)
  const hash = await hashPasswordAsync(next)
  await transaction(ctx.db, async (tx) => {
    await updatePasswordHash(tx, user.id, hash)
    await deleteOtherSessions(tx, user.id, session.tokenHash)
  })
}
