/**
 * Answers kept for replay are sealed with the install's secret key, as root passwords are: some
 * carry a secret shown once (a webhook's signing secret, a rebuilt node's root password), and
 * the replay table keeps them for 24 hours.
 * @module
 */
import type { Secrets } from '../lib/secrets.js'
import type { StoredResponse } from './idempotency.store.js'

// What Secrets.seal makes: three base64url parts. A JSON answer never looks like it.
const SEALED = /^[\w-]+\.[\w-]+\.[\w-]*$/

export function sealAnswer(secrets: Secrets, response: StoredResponse): StoredResponse {
  return { ...response, body: secrets.seal(response.body) }
}

/** The stored body as it was answered; one stored before answers were sealed, as it is. */
export function openAnswer(secrets: Secrets, body: string | null): string {
  if (body === null) return ''
  return SEALED.test(body) ? secrets.open(body) : body
}
