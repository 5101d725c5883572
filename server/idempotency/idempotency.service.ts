// What other families use of idempotency records: the dashboard's submit-once forms claim,
// finish and release keys as the API's middleware does. They come through here, never from
// the store directly (eslint.config.js).
export {
  claimKey,
  finishKey,
  releaseKey,
  saveInTransaction,
  type IdempotencyClaim,
  type StoredResponse,
} from './idempotency.store.js'
