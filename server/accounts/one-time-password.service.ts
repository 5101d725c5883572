/**
 * @module One-time passwords: a password the server generated and printed (the admin's on
 * first start, `nodeplane users create` or `users reset-password` without --password). Its
 * owner must replace it in the dashboard before using it; API keys keep working meanwhile.
 */
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { findUserById, updatePasswordHash } from './accounts.store.js'
import { userByEmail } from './accounts.service.js'
import { checkNewPassword } from './password-rules.js'
import {
  generatePassword,
  hashPassword,
  hashPasswordAsync,
  verifyPasswordAsync,
} from './passwords.js'
import type { Session } from './sessions.service.js'
import { deleteOtherSessions, deleteSessionsOf } from './sessions.store.js'

/**
 * Replaces a one-time password without asking for it again: the session just logged in with
 * it. Only while the password is a one-time one, so a borrowed session cannot change a
 * password its holder does not know. Ends the user's other sessions.
 */
export async function replaceOneTimePassword(
  ctx: ServiceCtx,
  session: Session,
  next: string
): Promise<void> {
  const user = await findUserById(ctx.db, session.user.id)
  if (!user?.passwordMustChange) {
    throw new ProblemError(
      409,
      'password_not_one_time',
      'Your password is not a one-time password; change it under Account.'
    )
  }
  checkNewPassword(next, false)
  // Checked after the length, so an oversized password is refused before it is hashed.
  if (await verifyPasswordAsync(next, user.passwordHash)) {
    throw invalidField('new_password', 'must differ from the one-time password', 'weak_password')
  }
  const hash = await hashPasswordAsync(next)
  await transaction(ctx.db, async (tx) => {
    await updatePasswordHash(tx, user.id, hash)
    await deleteOtherSessions(tx, user.id, session.tokenHash)
  })
}

/**
 * Sets a user's password from the CLI and logs out all their sessions. Without `password` a
 * new one is generated, returned to be printed once, and must be replaced at the next login.
 */
export async function resetPassword(
  ctx: ServiceCtx,
  email: string,
  password?: string
): Promise<{ generatedPassword?: string }> {
  const user = await userByEmail(ctx, email)
  if (password !== undefined) checkNewPassword(password, false, 'password')
  const chosen = password ?? generatePassword()
  const hash = hashPassword(chosen)
  await transaction(ctx.db, async (tx) => {
    await updatePasswordHash(tx, user.id, hash, password === undefined)
    await deleteSessionsOf(tx, user.id)
  })
  return password === undefined ? { generatedPassword: chosen } : {}
}
