/**
 * Where the provider registry's archives come from: the release directory an operator names
 * (`NODEPLANE_PROVIDER_RELEASE_DIR`, written by `npm run release:provider -- DIR`), else a release
 * built once, on first use, into the data directory. Neither the npm package nor the image
 * carries archives: both carry what builds them (the bundled provider and the release steps,
 * provider/release/pack.ts) and build on first use with the `bun` package, an optional
 * dependency, which fetches the other platforms' runtimes from the npm registry.
 * @module
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Config } from '../config.js'
import { ProblemError } from '../http/problem.js'

/** One archive of a release, as its SHA256SUMS lists it. */
export interface ReleaseArchive {
  filename: string
  os: string
  arch: string
  shasum: string
}

/** One version in a release directory. */
export interface ProviderRelease {
  version: string
  dir: string
  /** The file name of its SHA256SUMS, beside the archives. */
  sumsName: string
  archives: ReleaseArchive[]
}

/** Finds the releases to serve, building the default one the first time it is asked for. */
export interface ReleaseSource {
  releases(): Promise<ProviderRelease[]>
}

// Names without a path separator: a name listed in SHA256SUMS never leads out of the directory.
const SUMS = /^terraform-provider-nodeplane_([^/\\]+)_SHA256SUMS$/
const ARCHIVE = /^terraform-provider-nodeplane_([^/\\]+)_([a-z0-9]+)_([a-z0-9]+)\.zip$/

/** The releases in `dir`: one per `_SHA256SUMS` file, with the archives it lists. */
export function readReleases(dir: string): ProviderRelease[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const version = SUMS.exec(name)?.[1]
      return version ? [{ version, dir, sumsName: name, archives: sumsEntries(dir, name) }] : []
    })
    .filter((release) => release.archives.length > 0)
}

function sumsEntries(dir: string, sumsName: string): ReleaseArchive[] {
  return readFileSync(join(dir, sumsName), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const [shasum, filename] = line.trim().split(/\s+/)
      const match = filename ? ARCHIVE.exec(filename) : null
      return match && shasum
        ? [{ filename: filename!, os: match[2]!, arch: match[3]!, shasum }]
        : []
    })
}

/** The release `NODEPLANE_PROVIDER_RELEASE_DIR` names, else the one built into the data dir. */
export function releaseSource(
  config: Pick<Config, 'dataDir' | 'providerReleaseDir'>,
  log: Logger
): ReleaseSource {
  if (config.providerReleaseDir) {
    const dir = config.providerReleaseDir
    // Read at each request, so a new release copied in is served without a restart.
    return { releases: async () => readReleases(dir) }
  }
  let built: Promise<string> | undefined
  return {
    async releases() {
      // Concurrent first requests share one build; a failed one is tried again next time.
      built ??= buildIntoDataDir(config.dataDir, log).catch((err: unknown) => {
        built = undefined
        throw err
      })
      return readReleases(await built)
    },
  }
}

/**
 * Builds the release once into `<data>/provider-release/<version>`, by the CLI in a child
 * process (`nodeplane provider build`): in a checkout the release steps are TypeScript, which
 * the compiled server cannot load, and the build's memory (esbuild, the zips) goes with it.
 */
async function buildIntoDataDir(dataDir: string, log: Logger): Promise<string> {
  const parent = join(dataDir, 'provider-release')
  log.info({ dir: parent }, 'preparing the provider release for the registry')
  const cli = [...process.execArgv, process.argv[1]!, 'provider', 'build', parent]
  const child = spawn(process.execPath, cli, { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null))
    child.on('close', resolve)
  })
  if (code === 0) return stdout.trim().split('\n').at(-1)!
  log.error({ code, stderr: stderr.trim() }, 'could not build the provider release')
  throw new ProblemError(
    503,
    'provider_release_unavailable',
    "this server could not build the provider release (its log says why): building needs the `bun` package (an optional dependency of nodeplane, with a build for this platform) and the npm registry reachable the first time, for the other platforms' runtimes; offline, set NODEPLANE_PROVIDER_RELEASE_DIR to a release written by `npm run release:provider -- DIR` (docs/terraform.md)"
  )
}
