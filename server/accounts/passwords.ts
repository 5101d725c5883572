import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { promisify } from 'node:util'

// OWASP's recommended scrypt cost: N=2^17, r=8, p=1. It needs 128 MiB, above Node's default
// maxmem of 32 MiB, hence MAXMEM.
const N = 2 ** 17
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAXMEM = 256 * 1024 * 1024

/** Hashes a password as `scrypt$N$r$p$salt$hash` so the cost can be raised later. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM })
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$')
}

/** Checks a password against a stored hash in constant time. */
export function verifyPassword(password: string, stored: string): boolean {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  })
  return timingSafeEqual(expected, actual)
}

/** A readable one-time password: 20 url-safe characters (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url')
}

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions
) => Promise<Buffer>

/**
 * `verifyPassword` on libuv's thread pool: a dashboard login costs ~128 MiB and most of a
 * second of CPU, which must not stall the API's event loop.
 */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM }
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    expected.length,
    options
  )
  return timingSafeEqual(expected, actual)
}

/** `hashPassword` on the thread pool, for the same reason. */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scryptAsync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM })
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$')
}
