import { ADMIN_EMAIL, createUser, ensureAdmin, userByEmail } from '../../server/accounts/accounts.service.js'
import { createKey, revokeKey } from '../../server/api-keys/api-keys.service.js'
import type { Scope } from '../../server/api-keys/api-keys.store.js'
import { openDatabase } from '../../server/db/client.js'
import { systemClock } from '../../server/lib/clock.js'

/**
 * Writes keys and users straight into a running server's SQLite file, as the CLI would,
 * without paying a process start per key.
 */
function withDb<T>(dataDir: string, run: (db: ReturnType<typeof openDatabase>['db']) => T): T {
  const { db, close } = openDatabase(dataDir)
  try {
    return run(db)
  } finally {
    close()
  }
}

/** A new API key on the account of `email` (the admin's by default). */
export function createTestKey(dataDir: string, scope: Scope = 'read_write', email = ADMIN_EMAIL): { id: string; key: string } {
  return withDb(dataDir, (db) => {
    ensureAdmin(db, systemClock)
    const accountId = userByEmail(db, email).accountId
    return createKey(db, systemClock, { accountId, name: `test ${scope}`, scope })
  })
}

export function revokeTestKey(dataDir: string, keyId: string, email = ADMIN_EMAIL): void {
  withDb(dataDir, (db) => revokeKey(db, systemClock, userByEmail(db, email).accountId, keyId))
}

/** A second tenant, with an account of its own. */
export function createTestUser(dataDir: string, email: string): void {
  withDb(dataDir, (db) => createUser(db, systemClock, { email, password: 'correct horse battery staple' }))
}
