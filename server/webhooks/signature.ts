import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header that carries a delivery's signature. */
export const SIGNATURE_HEADER = 'Nodeplane-Signature'

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: the timestamp is signed with the
 * body, so a receiver that also checks its age refuses replays of old deliveries.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}

/**
 * The receiver's check (the recipe docs/api.md gives): the signature matches and is at most
 * `toleranceSeconds` old.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300
): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  const t = Number(parts.get('t'))
  const given = Buffer.from(parts.get('v1') ?? '', 'hex')
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  return given.length === expected.length && timingSafeEqual(given, expected)
}
