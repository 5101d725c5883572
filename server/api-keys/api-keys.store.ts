import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import { apiKeys } from './api-keys.table.js'

export type ApiKeyRow = typeof apiKeys.$inferSelect
export type Scope = ApiKeyRow['scope']

/** An API key as people see it: never the secret, never the hash. */
export interface ApiKeyInfo {
  id: string
  name: string
  scope: Scope
  prefix: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}

export function toApiKeyInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }
}

export function insertKey(db: Db, row: typeof apiKeys.$inferInsert): ApiKeyRow {
  return db.insert(apiKeys).values(row).returning().get()
}

const byHash = preparedPerDb((db) =>
  db.select().from(apiKeys).where(eq(apiKeys.secretHash, sql.placeholder('hash'))).prepare()
)

/** Runs on every authenticated request, hence prepared once. */
export function findKeyByHash(db: Db, secretHash: string): ApiKeyRow | undefined {
  return byHash(db).get({ hash: secretHash })
}

export function listKeysOfAccount(db: Db, accountId: string): ApiKeyRow[] {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id)
    .all()
}

/** Marks a live key revoked; false when the account has no such live key. */
export function markRevoked(db: Db, accountId: string, keyId: string, at: Date): boolean {
  const result = db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(
      and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt))
    )
    .run()
  return result.changes === 1
}

/** Records use, at most once per `staleBefore` window, so hot reads do not all write. */
export function touchKey(db: Db, keyId: string, at: Date, staleBefore: Date): void {
  db.update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))
      )
    )
    .run()
}
