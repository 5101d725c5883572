/**
 * Where the provider registry's archives come from: the release directory an operator names
 * (`NODEPLANE_PROVIDER_RELEASE_DIR`, written by `npm run release:provider -- DIR`), else the
 * releases built into the data directory, in the background from the server's start
 * (release-build.ts). Neither the npm package nor the image carries archives: both carry what
 * builds them (the bundled provider and the release steps, provider/release/pack.ts) and build
 * with the `bun` package, an optional dependency, and the other platforms' runtimes from the
 * npm registry, each checked against its pinned digest (provider/release/bun-runtimes.json).
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Config } from '../config.js'
import { ProblemError } from '../http/problem.js'
import { releaseBuilder, type BuildState } from './release-build.js'

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

/** The releases to serve; `start` begins building the default one, in the background. */
export interface ReleaseSource {
  releases(): Promise<ProviderRelease[]>
  start(): void
  stop(): Promise<void>
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

/**
 * The release `NODEPLANE_PROVIDER_RELEASE_DIR` names, else those built into the data
 * directory, by the background build `start()` begins (`nodeplane serve` calls it) or by
 * `nodeplane provider build <data>/provider-release`. A request never builds.
 */
export function releaseSource(
  config: Pick<
    Config,
    'dataDir' | 'providerReleaseDir' | 'providerBuild' | 'providerBuildTimeoutSeconds'
  >,
  log: Logger
): ReleaseSource {
  if (config.providerReleaseDir) {
    const dir = config.providerReleaseDir
    // Read at each request, so a new release copied in is served without a restart.
    return { releases: async () => readReleases(dir), start: () => undefined, stop: async () => {} }
  }
  const parent = join(config.dataDir, 'provider-release')
  const builder = releaseBuilder(parent, config.providerBuildTimeoutSeconds * 1000, log)
  return {
    async releases() {
      const built = builtReleases(parent)
      if (built.length > 0) return built
      throw unavailable(builder.state(), config.providerBuild === 'off')
    },
    start: () => {
      if (config.providerBuild === 'start') builder.start()
    },
    stop: () => builder.stop(),
  }
}

/**
 * Every version built under `parent` (`<parent>/<version>`); a build under way works in a
 * dot-directory beside them and renames it into place whole (provider/release/versioned.ts).
 */
function builtReleases(parent: string): ProviderRelease[] {
  if (!existsSync(parent)) return []
  return readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => readReleases(join(parent, entry.name)))
}

const OFFLINE =
  "building needs the `bun` package (an optional dependency of nodeplane, with a build for this platform) and the npm registry reachable the first time, for the other platforms' runtimes; offline, set NODEPLANE_PROVIDER_RELEASE_DIR to a release written by `npm run release:provider -- DIR` (docs/terraform.md)"

/**
 * The 503 of a registry with no release yet, saying why and when to come back; to anyone, so
 * it names no path of the server's.
 */
function unavailable(state: BuildState, off: boolean): ProblemError {
  const problem = (detail: string, retryAfterS?: number) =>
    new ProblemError(
      503,
      'provider_release_unavailable',
      detail,
      retryAfterS === undefined ? {} : { headers: { 'Retry-After': String(retryAfterS) } }
    )
  if (state.kind === 'building')
    return problem(
      'this server is building the provider release (since it started; a minute or more the first time): try again shortly',
      30
    )
  if (state.kind === 'failed') {
    const wait = Math.max(1, Math.ceil((state.retryAt - Date.now()) / 1000))
    return problem(
      `this server could not build the provider release (its log says why) and tries again in ${wait} s: ${OFFLINE}`,
      wait
    )
  }
  return problem(
    off
      ? 'this server does not build the provider release itself (NODEPLANE_PROVIDER_BUILD=off): its operator runs `nodeplane provider build <data directory>/provider-release`, or sets NODEPLANE_PROVIDER_RELEASE_DIR'
      : 'this server has not started building the provider release'
  )
}
