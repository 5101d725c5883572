/**
 * `npm run release:provider -- [DIR] [--signing-key FILE [--passphrase-env VAR]]`: the release
 * (build.ts) plus what the public registries want beside it: the registry manifest naming the
 * plugin protocol, listed in SHA256SUMS, and, with a publisher's armored private key,
 * `..._SHA256SUMS.sig`, the detached signature `terraform init` checks (docs/terraform.md,
 * "Publishing to the public registries").
 * @module
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createHash } from 'node:crypto'
import {
  detachedSignature,
  publicSigningKey,
  readSigningKey,
} from '../../server/registry/signing.js'
import { PROTOCOL_VERSION } from '../protocol/plugin.js'
import { buildRelease, DEFAULT_OUT, VERSION } from './build.js'

/** The file the Terraform Registry reads the plugin protocol from (else it assumes 5.0). */
export const manifestName = (version = VERSION) =>
  `terraform-provider-nodeplane_${version}_manifest.json`

/** Writes the manifest beside the archives and lists it in SHA256SUMS, as goreleaser does. */
function addManifest(dir: string, sums: string): string {
  const path = join(dir, manifestName())
  const manifest = { version: 1, metadata: { protocol_versions: [`${PROTOCOL_VERSION}.0`] } }
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`)
  const hash = createHash('sha256').update(readFileSync(path)).digest('hex')
  appendFileSync(sums, `${hash}  ${basename(path)}\n`)
  return path
}

/** Signs SHA256SUMS with the key in `keyFile`; returns the signature's path and the key ID. */
async function signSums(sums: string, keyFile: string, passphraseEnv?: string) {
  const passphrase = passphraseEnv ? process.env[passphraseEnv] : undefined
  if (passphraseEnv && passphrase === undefined)
    throw new Error(`--passphrase-env ${passphraseEnv}: that variable is not set`)
  const key = await readSigningKey(readFileSync(keyFile, 'utf8'), passphrase)
  const path = `${sums}.sig`
  writeFileSync(path, await detachedSignature(key, readFileSync(sums)))
  return { path, keyId: publicSigningKey(key).key_id }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'signing-key': { type: 'string' }, 'passphrase-env': { type: 'string' } },
  })
  const dir = resolve(positionals[0] ?? DEFAULT_OUT)
  const { archives, sums } = await buildRelease(dir)
  const manifest = addManifest(dir, sums)
  for (const path of [...archives, manifest, sums]) console.log(path)
  if (values['signing-key']) {
    const signed = await signSums(sums, values['signing-key'], values['passphrase-env'])
    console.log(signed.path)
    process.stderr.write(`Signed ${basename(sums)} with key ${signed.keyId}.\n`)
  }
}

await main()
