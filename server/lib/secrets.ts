import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPrivateFile } from './data-dir.js'

/**
 * How a secret handed out once (an API key, a session token, a console ticket or password) is
 * kept: its SHA-256, in hex. 256 random bits need no salt or slow hash.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** Encrypts small secrets (root passwords) at rest with AES-256-GCM. */
export interface Secrets {
  seal(plaintext: string): string
  open(sealed: string): string
}

/** The key `NODEPLANE_SECRET_KEY` gives, else `<dataDir>/secret.key`, created (mode 0600) on first start. */
export function loadSecrets(dataDir: string, secretKey?: string): Secrets {
  if (secretKey) return secretsFromKey(Buffer.from(secretKey, 'base64'))
  const path = join(dataDir, 'secret.key')
  if (!existsSync(path)) createPrivateFile(path, randomBytes(32).toString('base64'))
  return secretsFromKey(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64'))
}

export function secretsFromKey(key: Buffer): Secrets {
  if (key.length !== 32)
    throw new Error(
      'the secret key (NODEPLANE_SECRET_KEY or secret.key) must be 32 bytes of base64'
    )
  return {
    seal(plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
    },
    open(sealed) {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
      if (!iv || !tag || !body) throw new Error('malformed sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}
