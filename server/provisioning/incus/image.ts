/**
 * The node image on Incus: a Debian root with systemd as PID 1, built by debootstrap from
 * Debian's packages (build-image.sh) into a unified image tarball, and imported into the
 * cluster under an alias that carries a hash of the recipe, so a changed recipe means a new image.
 * @module
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { run } from '../network/exec.js'
import { debianMirror, imageSuite } from '../podman/image.js'
import { IncusError, type IncusClient, type Operation } from './incus-client.js'

const RECIPE = fileURLToPath(new URL('./build-image.sh', import.meta.url))

/**
 * 10 hex digits of a hash of the recipe and of the packages a test image adds on top (none for
 * nodeplane's own image, whose hash is then the recipe's alone).
 */
export function recipeHash(extraPackages: string[] = []): string {
  const hash = createHash('sha256').update(readFileSync(RECIPE))
  if (extraPackages.length > 0) hash.update(`\0extra packages: ${extraPackages.join(',')}`)
  return hash.digest('hex').slice(0, 10)
}

/** `nodeplane-node-<suite>-<recipe hash>`: the alias nodes are created from. */
export function incusImageAlias(env: Record<string, string | undefined> = process.env): string {
  return `nodeplane-node-${imageSuite(env)}-${recipeHash()}`
}

/** Where the built tarball is cached: the user's cache directory, never the repository. */
export function imageCacheDir(alias: string, env = process.env): string {
  const base = env.XDG_CACHE_HOME ?? join(homedir(), '.cache')
  return join(base, 'nodeplane', 'incus-image', alias)
}

/**
 * Builds the tarball unless cached; returns its path. Needs root and debootstrap.
 * `extraPackages` go on top, for test images only (their alias must carry them in its hash).
 */
export async function buildIncusImageTarball(
  alias: string,
  extraPackages: string[] = []
): Promise<string> {
  const dir = imageCacheDir(alias)
  const file = join(dir, 'image.tar.gz')
  if (existsSync(file)) return file
  const suite = imageSuite()
  const args = [RECIPE, dir, suite, debianMirror(suite)]
  if (extraPackages.length > 0) args.push(extraPackages.join(','))
  await run('bash', args, { timeoutMs: 30 * 60_000 })
  return file
}

/** True when the cluster has the image under `alias`. */
export async function imageImported(client: IncusClient, alias: string): Promise<boolean> {
  try {
    await client.call('GET', `/1.0/images/aliases/${alias}`)
    return true
  } catch (err) {
    if (err instanceof IncusError && err.status === 404) return false
    throw err
  }
}

/** Imports the tarball into the cluster and names it `alias`. */
export async function importIncusImage(
  client: IncusClient,
  file: string,
  alias: string
): Promise<void> {
  const op = await client.call<Operation>('POST', '/1.0/images', {
    raw: readFileSync(file),
    headers: { 'X-Incus-public': '0' },
    timeoutMs: 10 * 60_000,
  })
  const fingerprint = (op.metadata as { fingerprint?: string } | null)?.fingerprint
  if (!fingerprint) throw new Error('the image import named no fingerprint')
  await client.call('POST', '/1.0/images/aliases', {
    body: { name: alias, target: fingerprint, description: 'nodeplane node image' },
  })
}
