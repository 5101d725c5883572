import { randomBytes, randomUUID } from 'node:crypto'

/** A node id shaped like the contract's `node_<id>`: 20 lowercase base32 characters of randomness. */
export function newNodeId(): string {
  return `node_${base32(randomBytes(13)).slice(0, 20)}`
}

/** An opaque id with a readable prefix, for records the contract leaves unshaped (keys, users). */
export function newPrefixedId(prefix: string): string {
  return `${prefix}_${base32(randomBytes(13)).slice(0, 20)}`
}

/** VPC and host ids are UUID-shaped per the contract. */
export function newUuid(): string {
  return randomUUID()
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

function base32(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return out
}
