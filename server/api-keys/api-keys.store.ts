import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
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

export async function insertKey(tx: Tx, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  return (await tx.insert(apiKeys).values(row).returning())[0]!
}

const byHash = preparedPerDb('api_key_by_hash', (db) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
)

/** Runs on every authenticated request, hence prepared once. */
export async function findKeyByHash(db: Db, secretHash: string): Promise<ApiKeyRow | undefined> {
  return (await byHash(db, { hash: secretHash }))[0]
}

/** Whether the key exists and is not revoked. */
export async function keyIsLive(db: Db, keyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
  return !!row
}

export function listKeysOfAccount(db: Db, accountId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), apiKeys.id)
}

/** Marks a live key revoked; false when the account has no such live key. */
export async function markRevoked(
  tx: Tx,
  accountId: string,
  keyId: string,
  at: Date
): Promise<boolean> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
  return revoked.length === 1
}

/** Records use, at most once per `staleBefore` window, so hot reads do not all write. */
export async function touchKey(tx: Tx, keyId: string, at: Date, staleBefore: Date): Promise<void> {
  await tx
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))
      )
    )
}
