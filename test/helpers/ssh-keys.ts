import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { tempDir } from './temp-dirs.js'

export interface GeneratedKey {
  /** The `.pub` file's one line, without its trailing newline. */
  publicKey: string
  /** The private key file, PEM/OpenSSH text, for tests that must see it refused. */
  privateKey: string
  /** `SHA256:...` as the real `ssh-keygen -lf` prints it. */
  fingerprint: string
  /** The private key's file (mode 600), for `ssh -i`; removed with the test's temp dirs. */
  file: string
}

/** A fresh key pair made by the real `ssh-keygen` (`type` and `bits` as its -t and -b). */
export function generateKey(
  type: 'ed25519' | 'ecdsa' | 'rsa' | 'dsa',
  options: { bits?: number; comment?: string } = {}
): GeneratedKey {
  const file = join(tempDir('nodeplane-ssh-key-'), `id_${type}`)
  const bits = options.bits ? ['-b', String(options.bits)] : []
  execFileSync('ssh-keygen', [
    '-q',
    '-t',
    type,
    ...bits,
    '-N',
    '',
    '-C',
    options.comment ?? 'test@nodeplane',
    '-f',
    file,
  ])
  const listed = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${file}.pub`], {
    encoding: 'utf8',
  })
  return {
    publicKey: readFileSync(`${file}.pub`, 'utf8').trim(),
    privateKey: readFileSync(file, 'utf8'),
    fingerprint: listed.split(' ')[1]!,
    file,
  }
}
