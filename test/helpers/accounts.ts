import {
  ADMIN_EMAIL,
  createUser,
  ensureAdmin,
  userByEmail,
} from '../../server/accounts/accounts.service.js'
import { resetPassword } from '../../server/accounts/one-time-password.service.js'
import { createKey, revokeKey } from '../../server/api-keys/api-keys.service.js'
import type { Scope } from '../../server/api-keys/api-keys.store.js'
import type { ServiceCtx } from '../../server/deps.js'
import { systemClock } from '../../server/lib/clock.js'
import { openTestDatabase } from './database.js'

/**
 * Writes keys and users straight into a running server's database (its SQLite file, or its
 * PostgreSQL database in the PostgreSQL run), as the CLI would, without a process start per key.
 */
async function withCtx<T>(
  dataDir: string,
  run: (ctx: ServiceCtx<'clock'>) => Promise<T>
): Promise<T> {
  const { db, close } = await openTestDatabase(dataDir)
  try {
    return await run({ db, clock: systemClock })
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
  return withCtx(dataDir, async (ctx) => {
    await ensureAdmin(ctx)
    const accountId = (await userByEmail(ctx, email)).accountId
    return createKey(ctx, { accountId, name: `test ${scope}`, scope })
  })
}

export function revokeTestKey(dataDir: string, keyId: string, email = ADMIN_EMAIL): Promise<void> {
  return withCtx(dataDir, async (ctx) =>
    revokeKey(ctx, (await userByEmail(ctx, email)).accountId, keyId)
  )
}

/** A second tenant, with an account of its own. */
export async function createTestUser(dataDir: string, email: string): Promise<void> {
  await withCtx(dataDir, (ctx) =>
    createUser(ctx, { email, password: 'correct horse battery staple' })
  )
}

/** A user whose password the server generated, as `nodeplane users create` makes one. */
export function createOneTimeUser(dataDir: string, email: string): Promise<string> {
  return withCtx(dataDir, async (ctx) => (await createUser(ctx, { email })).generatedPassword!)
}

/** Sets a password as `nodeplane users reset-password --password` does (not a one-time one). */
export function setTestPassword(dataDir: string, email: string, password: string): Promise<void> {
  return withCtx(dataDir, async (ctx) => {
    await resetPassword(ctx, email, password)
  })
}
