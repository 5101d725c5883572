import { createHash, createPublicKey } from 'node:crypto'
import ssh2, { type ParsedKey } from 'ssh2'

/** The key types a node's `authorized_keys` may hold: DSA and security-key types are refused. */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
] as const

export const MIN_RSA_BITS = 2048

/** An RSA key of 16384 bits is about 2,800 characters; anything far longer is not a key. */
export const MAX_PUBLIC_KEY_LENGTH = 8192

/** One authorized_keys line without options: type, base64 blob, optional comment. */
const OPENSSH_LINE = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: (.*))?$/

// The comment ends up in authorized_keys and on screens: no control characters, no bidi tricks.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

export interface PublicKeyInfo {
  type: (typeof SSH_KEY_TYPES)[number]
  /** As `ssh-keygen -lf` prints it: `SHA256:` and unpadded base64 of the key blob's digest. */
  fingerprint: string
}

/** Why `text` is not an acceptable OpenSSH public key, or undefined when it is. */
export function publicKeyProblem(text: string): string | undefined {
  const parsed = parseOrProblem(text)
  return typeof parsed === 'string' ? parsed : undefined
}

/** Type and fingerprint of a key that `publicKeyProblem` accepted. */
export function publicKeyInfo(text: string): PublicKeyInfo {
  const parsed = parseOrProblem(text)
  if (typeof parsed === 'string') throw new Error(`not a valid public key: ${parsed}`)
  return parsed
}

function parseOrProblem(text: string): PublicKeyInfo | string {
  if (/PRIVATE KEY/.test(text))
    return 'is a private key; send the public key (the .pub file) instead'
  const line = OPENSSH_LINE.exec(text)
  if (!line) return 'must be one line in OpenSSH format: "<type> <base64 key> [comment]"'
  const [, declaredType = '', , comment = ''] = line
  if (UNPRINTABLE.test(comment))
    return 'the comment must not contain control characters or bidirectional overrides'
  if (declaredType === 'ssh-dss')
    return 'DSA keys are refused as insecure; use ed25519, ECDSA or RSA (2048 bits or more)'
  if (!isAcceptedType(declaredType))
    return `key type ${declaredType} is not accepted; use one of ${SSH_KEY_TYPES.join(', ')}`
  const parsed = parseWithSsh2(text)
  if (!parsed) return 'is not a valid OpenSSH public key'
  if (parsed.isPrivateKey()) return 'is a private key; send the public key (the .pub file) instead'
  if (declaredType === 'ssh-rsa' && rsaBits(parsed.getPublicPEM()) < MIN_RSA_BITS) {
    return `RSA keys need at least ${MIN_RSA_BITS} bits`
  }
  return { type: declaredType, fingerprint: fingerprintOf(parsed.getPublicSSH()) }
}

/**
 * ssh2 also refuses a line whose declared type is not the type of its key data. It reports
 * bad input as a returned Error, but key data crafted to break its decoder must be a 400
 * too, never a 500, so a throw counts as a refusal as well.
 */
function parseWithSsh2(text: string): ParsedKey | undefined {
  try {
    const parsed = ssh2.utils.parseKey(text)
    return parsed instanceof Error || Array.isArray(parsed) ? undefined : parsed
  } catch {
    return undefined
  }
}

function isAcceptedType(type: string): type is PublicKeyInfo['type'] {
  return (SSH_KEY_TYPES as readonly string[]).includes(type)
}

function rsaBits(pem: string): number {
  try {
    return createPublicKey(pem).asymmetricKeyDetails?.modulusLength ?? 0
  } catch {
    // A modulus OpenSSL cannot load is no usable key: counted as too short.
    return 0
  }
}

function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`
}
