import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { podman } from './podman.js'

/**
 * The node image: a Debian root built by debootstrap from Debian's packages, imported into
 * podman's store once. Its tag carries a hash of the recipe, so a changed recipe asks for a
 * rebuild instead of silently running nodes on an old image.
 */

const RECIPE = fileURLToPath(new URL('./build-image.sh', import.meta.url))
const REPOSITORY = 'localhost/nodeplane-node'
const FALLBACK_SUITE = 'bookworm'

function osRelease(): Record<string, string> {
  try {
    const text = readFileSync('/etc/os-release', 'utf8')
    return Object.fromEntries(
      text
        .split('\n')
        .map((line) => /^([A-Z_]+)=("?)(.*)\2$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1]!, match[3]!])
    )
  } catch {
    return {}
  }
}

/** The Debian release nodes run: this machine's own when it is Debian, else bookworm. */
export function imageSuite(env: Record<string, string | undefined> = process.env): string {
  const release = osRelease()
  return (
    env.NODEPLANE_IMAGE_SUITE ??
    (release.ID === 'debian' ? release.VERSION_CODENAME : undefined) ??
    FALLBACK_SUITE
  )
}

/** The tag nodes of this nodeplane run: `localhost/nodeplane-node:<suite>-<recipe hash>`. */
export function imageTag(env: Record<string, string | undefined> = process.env): string {
  const recipe = createHash('sha256').update(readFileSync(RECIPE)).digest('hex').slice(0, 10)
  return `${REPOSITORY}:${imageSuite(env)}-${recipe}`
}

/** The Debian mirror apt on this machine uses for `suite`, so the build needs no other host. */
export function debianMirror(
  suite: string,
  env: Record<string, string | undefined> = process.env
): string {
  if (env.NODEPLANE_DEBIAN_MIRROR) return env.NODEPLANE_DEBIAN_MIRROR
  const sources: string[] = []
  if (existsSync('/etc/apt/sources.list'))
    sources.push(readFileSync('/etc/apt/sources.list', 'utf8'))
  const dir = '/etc/apt/sources.list.d'
  if (existsSync(dir)) {
    for (const file of readdirSync(dir).filter((name) => /\.(list|sources)$/.test(name))) {
      sources.push(readFileSync(join(dir, file), 'utf8'))
    }
  }
  for (const text of sources) {
    // One-line form: `deb URI SUITE COMPONENTS`.
    for (const match of text.matchAll(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/gm)) {
      if (match[2] === suite) return match[1]!
    }
    // deb822 form: a stanza with `URIs:` and a `Suites:` list that names the suite.
    for (const stanza of text.split(/\n\s*\n/)) {
      const uris = /^URIs:\s*(\S+)/m.exec(stanza)
      const suites = /^Suites:\s*(.+)$/m.exec(stanza)
      if (uris && suites?.[1]!.split(/\s+/).includes(suite)) return uris[1]!
    }
  }
  throw new Error(
    `no apt source for Debian ${suite} on this machine: set NODEPLANE_DEBIAN_MIRROR to a Debian mirror URL`
  )
}

export async function imageExists(tag = imageTag()): Promise<boolean> {
  try {
    await podman(['image', 'exists', tag])
    return true
  } catch {
    return false
  }
}

/** A node image in podman: one row per tag, `created` an ISO time, `size` in bytes. */
export interface PodmanImage {
  tag: string
  id: string
  created: string
  size: number
}

/** Node images in podman's store: current and older recipes. */
export async function listImages(): Promise<PodmanImage[]> {
  const out = await podman([
    'images',
    '--filter',
    'label=io.nodeplane.image=node',
    '--format',
    'json',
  ])
  const images = JSON.parse(out || '[]') as {
    Id: string
    Names?: string[]
    Created: number
    Size: number
  }[]
  return images.flatMap((image) =>
    (image.Names ?? []).map((tag) => ({
      tag,
      id: image.Id.slice(0, 12),
      created: new Date(image.Created * 1000).toISOString(),
      size: image.Size,
    }))
  )
}

/**
 * Builds the image (about a minute: debootstrap fetches and unpacks ~100 packages), printing
 * debootstrap's progress lines to `out`. Needs root, debootstrap and podman.
 */
export function buildImage(
  out: NodeJS.WritableStream = process.stderr,
  env: Record<string, string | undefined> = process.env
): Promise<string> {
  const tag = imageTag(env)
  const suite = imageSuite(env)
  const mirror = debianMirror(suite, env)
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [RECIPE, tag, suite, mirror], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.pipe(out, { end: false })
    child.stderr.pipe(out, { end: false })
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0
        ? resolve(tag)
        : reject(new Error(`building the node image failed (exit ${code}); see the output above`))
    )
  })
}
