import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { newPrefixedId } from '../lib/ids.js'
import { ProblemError } from '../http/problem.js'
import {
  findAdmin,
  findUserByEmail,
  insertAccount,
  insertUser,
  type UserRow,
} from './accounts.store.js'
import { generatePassword, hashPassword } from './passwords.js'

export const ADMIN_EMAIL = 'admin@nodeplane.local'

/** Creates a user with an account of its own; returns the password when one was generated. */
export async function createUser(
  ctx: ServiceCtx<'clock'>,
  input: { email: string; password?: string; isAdmin?: boolean }
): Promise<{ user: UserRow; generatedPassword?: string }> {
  const email = input.email.trim().toLowerCase()
  const password = input.password ?? generatePassword()
  const passwordHash = hashPassword(password)
  const now = ctx.clock.now()
  const accountId = newPrefixedId('acct')
  const user = await transaction(ctx.db, async (tx) => {
    if (await findUserByEmail(tx, email)) {
      throw new ProblemError(409, 'user_exists', `a user with email ${email} exists`)
    }
    await insertAccount(tx, { id: accountId, name: email, createdAt: now })
    return insertUser(tx, {
      id: newPrefixedId('user'),
      accountId,
      email,
      passwordHash,
      isAdmin: input.isAdmin ?? false,
      // A password the server made up was printed somewhere: its owner replaces it first.
      passwordMustChange: !input.password,
      createdAt: now,
    })
  })
  return input.password ? { user } : { user, generatedPassword: password }
}

/**
 * Creates the admin account on first start, as Grafana or Jenkins do. Returns the one-time
 * password when it was just created, so the caller can print it once.
 */
export async function ensureAdmin(
  ctx: ServiceCtx<'clock'>
): Promise<{ admin: UserRow; generatedPassword?: string }> {
  const admin = await findAdmin(ctx.db)
  if (admin) return { admin }
  const { user, generatedPassword } = await createUser(ctx, {
    email: ADMIN_EMAIL,
    isAdmin: true,
  })
  return { admin: user, generatedPassword }
}

/** True for the account of the administrator created on first start. */
export async function isAdminAccount(ctx: ServiceCtx, accountId: string): Promise<boolean> {
  return (await findAdmin(ctx.db))?.accountId === accountId
}

/** The user an email names, or a 404 problem. */
export async function userByEmail(ctx: ServiceCtx, email: string): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email.trim().toLowerCase())
  if (!user) throw new ProblemError(404, 'user_not_found', `no user with email ${email}`)
  return user
}
