import {
  ADMIN_EMAIL,
  createUser,
  ensureAdmin,
  userByEmail,
} from '../../server/accounts/accounts.service.js'
import { resetPassword } from '../../server/accounts/one-time-password.service.js'
import { createKey, revokeKey } from '../../server/api-keys/api-keys.service.js'
import type { Scope } from '../../server/api-keys/api-keys.store.js'
import type { Db } from '../../server/db/client.js'
import { systemClock } from '../../server/lib/clock.js'
import { openTestDatabase } from './database.js'

/**
 * Writes keys and users straight into a running server's database (its SQLite file, or its
 * PostgreSQL database in the PostgreSQL run), as the CLI would, without a process start per key.
 */
async function withDb<T>(dataDir: string, run: (db: Db) => Promise<T>): Promise<T> {
  const { db, close } = await openTestDatabase(dataDir)
  try {
    return await run(db)
  } finally {
    await close()
  }
}

/** A new API key on the account of `email` (the admin's by default). */
export function createTestKey(
  dataDir: string,
  scope: Scope = 'read_write',
  email = ADMIN_EMAIL
): Promise<{ id: string; key: string }> {
  return withDb(dataDir, async (db) => {
    await ensureAdmin(db, systemClock)
    const accountId = (await userByEmail(db, email)).accountId
    return createKey(db, systemClock, { accountId, name: `test ${scope}`, scope })
  })
}

export function revokeTestKey(dataDir: string, keyId: string, email = ADMIN_EMAIL): Promise<void> {
  return withDb(dataDir, async (db) =>
    revokeKey(db, systemClock, (await userByEmail(db, email)).accountId, keyId)
  )
}

/** A second tenant, with an account of its own. */
export async function createTestUser(dataDir: string, email: string): Promise<void> {
  await withDb(dataDir, (db) =>
    createUser(db, systemClock, { email, password: 'correct horse battery staple' })
  )
}

/** A user whose password the server generated, as `nodeplane users create` makes one. */
export function createOneTimeUser(dataDir: string, email: string): Promise<string> {
  return withDb(
    dataDir,
    async (db) => (await createUser(db, systemClock, { email })).generatedPassword!
  )
}

/** Sets a password as `nodeplane users reset-password --password` does (not a one-time one). */
export function setTestPassword(dataDir: string, email: string, password: string): Promise<void> {
  return withDb(dataDir, async (db) => {
    await resetPassword(db, email, password)
  })
}
