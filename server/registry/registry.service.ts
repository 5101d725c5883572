/**
 * Terraform's provider registry protocol for nodeplane/nodeplane: the versions list, the
 * download answer and the release files, with SHA256SUMS signed by the installation's own
 * OpenPGP key. The key is made once, on first use, and kept sealed in the database as the
 * other installation credentials are, so every replica signs with the same one.
 * @module
 */
import { createHash } from 'node:crypto'
import { createReadStream, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { PrivateKey } from 'openpgp'
import { credential } from '../credentials/credentials.service.js'
import type { ServiceCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import type { ProviderRelease, ReleaseSource } from './release-source.js'
import {
  detachedSignature,
  generateSigningKey,
  publicSigningKey,
  readSigningKey,
} from './signing.js'

/** The plugin protocol the provider speaks (provider/protocol/plugin.ts). */
const PROTOCOLS = ['6.0']
const CREDENTIAL = 'registry.signing_key'
const SIGNATURE_SUFFIX = '.sig'

/** A release file's bytes (an archive's streamed from disk) and the media type to send them with. */
export interface ReleaseFile {
  body: Uint8Array | ReadableStream<Uint8Array>
  type: string
  bytes: number
}

/** The registry of one server: its release source and its signing key, memoised. */
export function createRegistry(ctx: ServiceCtx<'secrets' | 'clock'>, source: ReleaseSource) {
  let key: Promise<PrivateKey> | undefined
  const signingKey = () =>
    (key ??= credential(ctx, CREDENTIAL, () => generateSigningKey('nodeplane registry'))
      .then((armored) => readSigningKey(armored))
      .catch((err: unknown) => {
        key = undefined
        throw err
      }))
  const signatures = new Map<string, Uint8Array>()

  async function release(version: string): Promise<ProviderRelease> {
    const found = (await source.releases()).find((r) => r.version === version)
    if (!found) throw notFound(`nodeplane/nodeplane has no version ${version} here`)
    return found
  }

  /** The signature of a SHA256SUMS, made once per content (signing stamps the time). */
  async function signature(sums: Buffer): Promise<Uint8Array> {
    const digest = createHash('sha256').update(sums).digest('hex')
    let signed = signatures.get(digest)
    if (!signed)
      signatures.set(digest, (signed = await detachedSignature(await signingKey(), sums)))
    return signed
  }

  return {
    /** `GET .../versions`: every version with its platforms. */
    async versions() {
      const releases = await source.releases()
      return {
        versions: releases.map((r) => ({
          version: r.version,
          protocols: PROTOCOLS,
          platforms: r.archives.map(({ os, arch }) => ({ os, arch })),
        })),
      }
    },

    /** `GET .../{version}/download/{os}/{arch}`, its links under `filesUrl`. */
    async download(version: string, os: string, arch: string, filesUrl: string) {
      const r = await release(version)
      const archive = r.archives.find((a) => a.os === os && a.arch === arch)
      if (!archive)
        throw notFound(`nodeplane/nodeplane ${version} has no archive for ${os}_${arch}`)
      return {
        protocols: PROTOCOLS,
        os,
        arch,
        filename: archive.filename,
        download_url: `${filesUrl}/${archive.filename}`,
        shasums_url: `${filesUrl}/${r.sumsName}`,
        shasums_signature_url: `${filesUrl}/${r.sumsName}${SIGNATURE_SUFFIX}`,
        // The signed list's hash, not the file's: a damaged archive must fail the check.
        shasum: archive.shasum,
        signing_keys: { gpg_public_keys: [publicSigningKey(await signingKey())] },
      }
    },

    /** A file a download answer links to: an archive, a SHA256SUMS or its signature. */
    async file(name: string): Promise<ReleaseFile> {
      for (const r of await source.releases()) {
        if (name === r.sumsName) return small(readSums(r), 'text/plain; charset=utf-8')
        if (name === r.sumsName + SIGNATURE_SUFFIX)
          return small(await signature(readSums(r)), 'application/pgp-signature')
        if (r.archives.some((a) => a.filename === name)) return archiveFile(join(r.dir, name))
      }
      throw notFound(`no release file ${name}`)
    },
  }
}

export type Registry = ReturnType<typeof createRegistry>

const small = (body: Uint8Array, type: string): ReleaseFile => ({
  body,
  type,
  bytes: body.byteLength,
})

/**
 * An archive is streamed: at some 55 MB, reading it whole would hold the event loop and that
 * much memory per download under way.
 */
function archiveFile(path: string): ReleaseFile {
  const bytes = statSync(path).size
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>
  return { body, type: 'application/zip', bytes }
}

function readSums(r: ProviderRelease): Buffer {
  return readFileSync(join(r.dir, r.sumsName))
}

function notFound(detail: string): ProblemError {
  return new ProblemError(404, 'provider_release_not_found', detail)
}
