import type { Db } from '../db/client.js'
import type { Clock } from '../lib/clock.js'
import { newPrefixedId } from '../lib/ids.js'
import { ProblemError } from '../http/problem.js'
import { findAdmin, findUserByEmail, insertAccount, insertUser, type UserRow } from './accounts.store.js'
import { generatePassword, hashPassword } from './passwords.js'

export const ADMIN_EMAIL = 'admin@nodeplane.local'

/** Creates a user with an account of its own; returns the password when one was generated. */
export function createUser(
  db: Db,
  clock: Clock,
  input: { email: string; password?: string; isAdmin?: boolean }
): { user: UserRow; generatedPassword?: string } {
  const email = input.email.trim().toLowerCase()
  if (findUserByEmail(db, email)) {
    throw new ProblemError(409, 'user_exists', `a user with email ${email} exists`)
  }
  const password = input.password ?? generatePassword()
  const now = clock.now()
  const accountId = newPrefixedId('acct')
  const user = db.transaction((tx) => {
    insertAccount(tx, { id: accountId, name: email, createdAt: now })
    return insertUser(tx, {
      id: newPrefixedId('user'),
      accountId,
      email,
      passwordHash: hashPassword(password),
      isAdmin: input.isAdmin ?? false,
      createdAt: now,
    })
  })
  return input.password ? { user } : { user, generatedPassword: password }
}

/**
 * Creates the admin account on first start, as Grafana or Jenkins do. Returns the one-time
 * password when it was just created, so the caller can print it once.
 */
export function ensureAdmin(db: Db, clock: Clock): { admin: UserRow; generatedPassword?: string } {
  const admin = findAdmin(db)
  if (admin) return { admin }
  const { user, generatedPassword } = createUser(db, clock, { email: ADMIN_EMAIL, isAdmin: true })
  return { admin: user, generatedPassword }
}

/** The user an email names, or a 404 problem. */
export function userByEmail(db: Db, email: string): UserRow {
  const user = findUserByEmail(db, email.trim().toLowerCase())
  if (!user) throw new ProblemError(404, 'user_not_found', `no user with email ${email}`)
  return user
}
