/**
 * `nodeplane provider install`: puts the release archives into a filesystem mirror in the
 * packed layout (`<host>/nodeplane/nodeplane/terraform-provider-nodeplane_<v>_<os>_<arch>.zip`)
 * under both default registry host names, so `source = "nodeplane/nodeplane"` resolves for
 * `tofu` and `terraform` alike, and writes the CLI configuration that points `init` at it.
 * @module
 */
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { buildRelease, DEFAULT_OUT, ROOT, sumsName, VERSION } from './build.js'

const HOSTS = ['registry.opentofu.org', 'registry.terraform.io']

/** Where the mirror and its CLI configuration go unless told otherwise. */
export function defaultMirrorDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), '.local/share'), 'nodeplane/provider-mirror')
}

/** True when a provider source file is newer than the built release (or there is none). */
function releaseIsStale(releaseDir: string): boolean {
  const sums = join(releaseDir, sumsName())
  if (!existsSync(sums)) return true
  const built = statSync(sums).mtimeMs
  const sources = readdirSync(join(ROOT, 'provider'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts')
  )
  return sources.some((file) => statSync(join(ROOT, 'provider', file)).mtimeMs > built)
}

/**
 * The archives of `releaseDir`, each checked against the release's SHA256SUMS: all that it
 * lists (a release built for this machine alone lists one).
 */
function verifiedArchives(releaseDir: string): string[] {
  const sums = readFileSync(join(releaseDir, sumsName()), 'utf8')
  const expected = new Map(
    sums
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/).reverse() as [string, string])
  )
  return [...expected].map(([name, hash]) => {
    const actual = createHash('sha256')
      .update(readFileSync(join(releaseDir, name)))
      .digest('hex')
    if (hash !== actual)
      throw new Error(`${name} does not match ${sumsName()}: the release is damaged`)
    return name
  })
}

export function cliConfig(mirrorDir: string): string {
  const include = HOSTS.map((host) => `"${host}/nodeplane/*"`).join(', ')
  return `# Written by \`nodeplane provider install\`: nodeplane/nodeplane ${VERSION} from a local mirror.
provider_installation {
  filesystem_mirror {
    path    = "${mirrorDir}"
    include = [${include}]
  }
  direct {
    exclude = [${include}]
  }
}
`
}

export interface Installed {
  mirrorDir: string
  configFile: string
  built: boolean
}

/**
 * Installs the release from `releaseDir` (building it first when this is a checkout whose
 * provider sources are newer than the release, or there is none) into `mirrorDir`.
 */
export async function installRelease(
  options: { mirrorDir?: string; releaseDir?: string; onBuild?: () => void } = {}
): Promise<Installed> {
  const mirrorDir = options.mirrorDir ?? defaultMirrorDir()
  const releaseDir = options.releaseDir ?? DEFAULT_OUT
  const built = !options.releaseDir && releaseIsStale(releaseDir)
  if (built) {
    options.onBuild?.()
    await buildRelease(releaseDir)
  }
  const archives = verifiedArchives(releaseDir)
  for (const host of HOSTS) {
    const dir = join(mirrorDir, host, 'nodeplane/nodeplane')
    mkdirSync(dir, { recursive: true })
    for (const name of archives) copyFileSync(join(releaseDir, name), join(dir, name))
  }
  const configFile = join(mirrorDir, 'nodeplane.tfrc')
  writeFileSync(configFile, cliConfig(mirrorDir))
  return { mirrorDir, configFile, built }
}
