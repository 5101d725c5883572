/**
 * The provider as one executable per platform, with no Node (or anything else) needed on the
 * user's machine: `bun build --compile` puts the bundled provider and Bun's runtime into one
 * file. Each platform's runtime is the npm package `@oven/bun-<target>` (the same packages
 * `npm install bun` picks from), pinned by digest and checked before use (runtimes.ts). Compiled
 * executables and their zips are kept under `~/.cache/nodeplane/provider-exe/`, keyed by a
 * hash of what went in, so a release of unchanged sources is a copy.
 * docs/performance.md says why Bun and not a Node single executable application.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { homedir } from 'node:os'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import yazl from 'yazl'
import { adHocSign } from './macho-sign.js'
import { pinnedRuntime, runtimePin } from './runtimes.js'

/** Terraform's platform names and Bun's compile targets for them. */
export const BUN_TARGETS = {
  // The baseline builds need no AVX2, so the provider also starts on older x86-64 machines.
  linux_amd64: 'bun-linux-x64-baseline',
  linux_arm64: 'bun-linux-arm64',
  darwin_amd64: 'bun-darwin-x64-baseline',
  darwin_arm64: 'bun-darwin-arm64',
  windows_amd64: 'bun-windows-x64-baseline',
} as const

export type Platform = keyof typeof BUN_TARGETS

/**
 * Flags of every compile. `--bytecode` stores JavaScriptCore bytecode beside the source, so a
 * start skips parsing the 1.2 MB bundle (docs/performance.md). Terraform starts plugins in the
 * user's working directory, where a compiled Bun would otherwise read `.env` and `bunfig.toml`.
 */
const COMPILE_FLAGS = [
  '--compile',
  '--bytecode',
  '--format=cjs',
  '--no-compile-autoload-dotenv',
  '--no-compile-autoload-bunfig',
]

/** Changed whenever the steps after the compile change, so earlier cache entries go stale. */
const STEPS_VERSION = 'ad-hoc signed darwin'

/**
 * The binary of the `bun` package, found as Node finds packages from here: in a checkout's
 * node_modules, or beside or above the installed nodeplane package, which has it as an
 * optional dependency (npm skips it where Bun has no build).
 */
export function bunBinary(): string {
  let manifest: string
  try {
    manifest = createRequire(import.meta.url).resolve('bun/package.json')
  } catch {
    throw new Error(
      'the provider is compiled with Bun, and the `bun` package (an optional dependency of nodeplane) is not installed: install nodeplane where Bun has a build, or set NODEPLANE_PROVIDER_RELEASE_DIR (docs/terraform.md)'
    )
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { bun: string } }
  return join(dirname(manifest), bin.bun)
}

/** `~/.cache/nodeplane/<name>` (or under XDG_CACHE_HOME). */
function cacheRoot(name = 'provider-exe', env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'nodeplane', name)
}

/** One platform's compiled provider: the executable and the release zip holding it. */
export interface Compiled {
  executable: string
  archive: string
}

const HOUR = 3_600_000

/**
 * Removes the platform's earlier entries, and work directories that builds which died left
 * behind; not the work of a build running now (test files build in parallel).
 */
function pruneCache(cache: string, platform: Platform, keep: string): void {
  for (const entry of readdirSync(cache).filter((name) => name.startsWith(`${platform}-`))) {
    const path = join(cache, entry)
    if (path === keep) continue
    if (entry.endsWith('.tmp') && Date.now() - statSync(path).mtimeMs < HOUR) continue
    rmSync(path, { recursive: true, force: true })
  }
}

/**
 * A rename makes the entry appear whole, so a build that dies half way leaves no cache hit.
 * When a parallel build of the same key got there first, its entry is as good as ours.
 */
function publish(work: string, dir: string): void {
  try {
    renameSync(work, dir)
  } catch (err) {
    if (!existsSync(dir)) throw err
    rmSync(work, { recursive: true, force: true })
  }
}

function zipOne(target: string, name: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile()
    // A fixed time keeps archives of the same executable byte for byte the same.
    zip.addFile(file, name, { mode: 0o100755, mtime: new Date('2026-01-01T00:00:00Z') })
    zip.outputStream.pipe(createWriteStream(target)).on('close', resolve).on('error', reject)
    zip.end()
  })
}

/**
 * Compiles `source` (the bundled provider, a CommonJS script) for `platform` into an
 * executable named `name`, and zips it as `archiveName`; both come from the cache when the
 * source, Bun and the flags are those of an earlier build. One entry per platform is kept.
 */
export async function compileFor(
  platform: Platform,
  source: string,
  names: { executable: string; archive: string }
): Promise<Compiled> {
  const bun = bunBinary()
  const bunVersion = execFileSync(bun, ['--version'], { encoding: 'utf8' }).trim()
  const target = BUN_TARGETS[platform]
  const key = createHash('sha256')
    .update(
      [
        source,
        bunVersion,
        // A new pin makes a new executable: what was compiled with the old runtime goes stale.
        runtimePin(target, bunVersion).integrity,
        target,
        ...COMPILE_FLAGS,
        names.executable,
        STEPS_VERSION,
      ].join('\0')
    )
    .digest('hex')
    .slice(0, 16)
  const cache = cacheRoot()
  const dir = join(cache, `${platform}-${key}`)
  const compiled = { executable: join(dir, names.executable), archive: join(dir, names.archive) }
  if (existsSync(compiled.archive)) return compiled

  const runtime = await pinnedRuntime(
    { path: bun, version: bunVersion },
    target,
    cacheRoot('bun-runtimes')
  )
  mkdirSync(cache, { recursive: true })
  pruneCache(cache, platform, dir)
  const work = `${dir}.${process.pid}.tmp`
  mkdirSync(work, { recursive: true })
  const entry = join(work, 'provider.cjs')
  writeFileSync(entry, source)
  execFileSync(
    bun,
    [
      'build',
      entry,
      ...COMPILE_FLAGS,
      `--target=${target}`,
      // The checked runtime: Bun downloads none itself.
      `--compile-executable-path=${runtime}`,
      '--outfile',
      join(work, names.executable),
    ],
    // Bun writes its temporary file into the working directory: keep it in the cache.
    { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] }
  )
  rmSync(entry)
  const executable = join(work, names.executable)
  // Bun 1.4.5 leaves darwin_amd64 with the runtime's original, now wrong, signature (macho-sign.ts).
  if (platform.startsWith('darwin_'))
    writeFileSync(
      executable,
      await adHocSign(readFileSync(executable), 'terraform-provider-nodeplane')
    )
  await zipOne(join(work, names.archive), names.executable, executable)
  publish(work, dir)
  return compiled
}
