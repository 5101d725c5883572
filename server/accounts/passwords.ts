import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { promisify } from 'node:util'

// OWASP's recommended scrypt cost: N=2^17, r=8, p=1. It needs 128 MiB, above Node's default
// maxmem of 32 MiB, hence MAXMEM.
const COST = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
const KEY_LENGTH = 32

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions
) => Promise<Buffer>

/** Stored as `scrypt$N$r$p$salt$hash`, so the cost can be raised later. */
function encode(salt: Buffer, hash: Buffer): string {
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$')
}

/** Hashes a password on the calling thread: for the CLI, where nothing else waits. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, COST))
}

/**
 * Hashes on libuv's thread pool: a hash costs ~128 MiB and most of a second of CPU, which
 * must not stall the API's event loop.
 */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16)
  return encode(salt, await scryptAsync(password, salt, KEY_LENGTH, COST))
}

/** Checks a password against a stored hash in constant time, on the thread pool. */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: COST.maxmem }
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    expected.length,
    options
  )
  return timingSafeEqual(expected, actual)
}

/** A readable one-time password: 20 url-safe characters (120 bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url')
}
