import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { deleteExpiredKeys, REPLAY_WINDOW_MS } from './idempotency.store.js'

// What other families use of idempotency records: the dashboard's submit-once forms claim,
// finish and release keys as the API's middleware does. They come through here, never from
// the store directly (eslint.config.js).
export {
  claimKey,
  discardAnswer,
  finishKey,
  releaseKey,
  REPLAY_WINDOW_MS,
  saveInTransaction,
  type IdempotencyClaim,
  type StoredResponse,
} from './idempotency.store.js'

/** Forgets the answers past the replay window; how many (housekeeping). */
export function pruneIdempotencyKeys(ctx: ServiceCtx<'clock'>): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - REPLAY_WINDOW_MS)
  return transaction(ctx.db, (tx) => deleteExpiredKeys(tx, before))
}
