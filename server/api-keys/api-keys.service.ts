import { randomBytes } from 'node:crypto'
import { bookkeepingWrite } from '../db/storage-full.js'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { recordEvent } from '../events/events.service.js'
import { newPrefixedId } from '../lib/ids.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import { ProblemError } from '../http/problem.js'
import {
  findKeyByHash,
  insertKey,
  keyIsLive,
  listKeysOfAccount,
  markRevoked,
  toApiKeyInfo,
  touchKey,
  type ApiKeyInfo,
  type Scope,
} from './api-keys.store.js'
import { hashSecret } from '../lib/secrets.js'

type Ctx = ServiceCtx<'clock'>

/** `last_used_at` is refreshed at most this often, to keep reads from writing. */
const TOUCH_INTERVAL_MS = 60_000

/** Who a request acts for, once its key is verified. */
export interface Principal {
  accountId: string
  keyId: string
  scope: Scope
}

/** Keys are `np_` and 43 url-safe characters (32 random bytes). */
function newSecret(): string {
  return `np_${randomBytes(32).toString('base64url')}`
}

/** Creates a key and returns it with its secret, which is never retrievable again. */
export async function createKey(
  ctx: Ctx,
  input: { accountId: string; name: string; scope: Scope },
  // Never given the secret: an answer is stored for replay, and the secret is shown only once.
  answer: IdempotentAnswer<ApiKeyInfo> = withoutKey
): Promise<ApiKeyInfo & { key: string }> {
  const secret = newSecret()
  const info = await transaction(ctx.db, async (tx) => {
    const row = await insertKey(tx, {
      id: newPrefixedId('key'),
      accountId: input.accountId,
      name: input.name,
      scope: input.scope,
      secretHash: hashSecret(secret),
      prefix: secret.slice(0, 10),
      createdAt: ctx.clock.now(),
    })
    const data = { name: row.name, scope: row.scope, prefix: row.prefix }
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId: row.accountId,
        type: 'api_key.created',
        resourceId: row.id,
        data,
      }
    )
    await answer.save(tx, toApiKeyInfo(row))
    return toApiKeyInfo(row)
  })
  return { ...info, key: secret }
}

export async function listKeys(ctx: ServiceCtx, accountId: string): Promise<ApiKeyInfo[]> {
  return (await listKeysOfAccount(ctx.db, accountId)).map(toApiKeyInfo)
}

/** Whether the key still works: what a long-lived use of it (a console session) checks. */
export function isKeyLive(ctx: ServiceCtx, keyId: string): Promise<boolean> {
  return keyIsLive(ctx.db, keyId)
}

export async function revokeKey(ctx: Ctx, accountId: string, keyId: string): Promise<void> {
  const revoked = await transaction(ctx.db, async (tx) => {
    if (!(await markRevoked(tx, accountId, keyId, ctx.clock.now()))) return false
    await recordEvent({ ...ctx, db: tx }, { accountId, type: 'api_key.revoked', resourceId: keyId })
    return true
  })
  if (!revoked) {
    throw new ProblemError(404, 'api_key_not_found', `no live API key ${keyId} on this account`)
  }
}

/**
 * Verifies a presented secret. Looking keys up by their SHA-256 hash means no secret is ever
 * compared byte by byte, so timing reveals nothing about stored keys.
 */
export async function authenticate(
  ctx: ServiceCtx<'clock' | 'log'>,
  secret: string
): Promise<Principal | 'unknown' | 'revoked'> {
  const row = await findKeyByHash(ctx.db, hashSecret(secret))
  if (!row) return 'unknown'
  if (row.revokedAt) return 'revoked'
  const now = ctx.clock.now()
  const staleBefore = new Date(now.getTime() - TOUCH_INTERVAL_MS)
  // Most requests find the record fresh: deciding here saves a write per request.
  // The touch may fail (a full disk) without failing the request: a GET must still answer.
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) {
    const what = { key: `key:${row.id}`, fields: { key_id: row.id } }
    await bookkeepingWrite(ctx.log, what, () =>
      transaction(ctx.db, (tx) => touchKey(tx, row.id, now, staleBefore))
    )
  }
  return { accountId: row.accountId, keyId: row.id, scope: row.scope }
}
