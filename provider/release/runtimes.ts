/**
 * The Bun runtimes compiled into the release's executables, one per platform, pinned by
 * version and npm integrity digest in bun-runtimes.json. Left to itself, `bun build --compile
 * --target=...` downloads the target's runtime and uses whatever it got; the release would
 * then sign a runtime nobody checked. Instead each runtime's npm tarball is downloaded here
 * (from the registry Bun is configured with, as `bun info` reports its address), checked
 * against its pinned digest before anything in it is used, and its executable handed to
 * `bun build --compile-executable-path`. Checked runtimes are cached under
 * `~/.cache/nodeplane/bun-runtimes/`. To move to another Bun: install it, then pin each
 * package's `npm view @oven/bun-<target>@<version> dist.integrity`.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import PINS from './bun-runtimes.json' with { type: 'json' }

/** What bun-runtimes.json holds: the Bun version and, per compile target, its npm package. */
export interface RuntimePins {
  bun: string
  runtimes: Record<string, { package: string; integrity: string }>
}

export const RUNTIME_PINS: RuntimePins = PINS

/** The pinned digest of `target`'s runtime; throws when `bunVersion` is not the pinned one. */
export function runtimePin(target: string, bunVersion: string, pins: RuntimePins = RUNTIME_PINS) {
  if (bunVersion !== pins.bun)
    throw new Error(
      `Bun ${bunVersion} is installed, but provider/release/bun-runtimes.json pins the runtimes of Bun ${pins.bun}: pin those of ${bunVersion} (npm view @oven/bun-<target>@${bunVersion} dist.integrity) or install Bun ${pins.bun}`
    )
  const pin = pins.runtimes[target]
  if (!pin) throw new Error(`provider/release/bun-runtimes.json pins no runtime for ${target}`)
  return pin
}

/**
 * The path of `target`'s checked runtime executable, downloaded and checked the first time.
 * `bun` is the installed Bun: its version must be the pinned one, and it is asked for the
 * tarball's address.
 */
export async function pinnedRuntime(
  bun: { path: string; version: string },
  target: string,
  cacheDir: string,
  pins: RuntimePins = RUNTIME_PINS
): Promise<string> {
  const pin = runtimePin(target, bun.version, pins)
  const digest = createHash('sha256').update(pin.integrity).digest('hex').slice(0, 16)
  const dir = join(cacheDir, `${target}-${pins.bun}-${digest}`)
  const found = executableIn(dir)
  if (found) return found

  const bytes = await download(tarballUrl(bun.path, `${pin.package}@${pins.bun}`))
  const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`
  if (integrity !== pin.integrity)
    throw new Error(
      `the ${pin.package}@${pins.bun} tarball downloaded has the digest ${integrity}, not the pinned ${pin.integrity}: it was not used`
    )
  mkdirSync(cacheDir, { recursive: true })
  const work = `${dir}.${process.pid}.tmp`
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work)
  try {
    writeFileSync(join(work, 'package.tgz'), bytes)
    execFileSync('tar', ['-xzf', 'package.tgz', 'package/bin'], { cwd: work, stdio: 'pipe' })
    rmSync(join(work, 'package.tgz'))
    // Renamed whole into place, so a cut-short extraction is never found as checked.
    if (!existsSync(dir)) renameSync(work, dir)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  const executable = executableIn(dir)
  if (!executable) throw new Error(`${pin.package}@${pins.bun} has no bin/bun or bin/bun.exe`)
  return executable
}

/** `package/bin/bun` (or `bun.exe`, Windows') under a checked runtime's directory. */
function executableIn(dir: string): string | undefined {
  const bin = join(dir, 'package', 'bin')
  if (!existsSync(bin)) return undefined
  const name = readdirSync(bin).find((file) => file === 'bun' || file === 'bun.exe')
  return name && join(bin, name)
}

/** Where the registry Bun uses serves `spec`'s tarball (`bun info`, honouring its settings). */
function tarballUrl(bun: string, spec: string): string {
  const out = execFileSync(bun, ['info', spec, 'dist', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const { tarball } = JSON.parse(out) as { tarball?: string }
  if (!tarball) throw new Error(`bun info ${spec} names no tarball`)
  return tarball
}

async function download(url: string): Promise<Buffer> {
  const reply = await fetch(url, { signal: AbortSignal.timeout(300_000) })
  if (!reply.ok) throw new Error(`GET ${url} answered ${reply.status}`)
  return Buffer.from(await reply.arrayBuffer())
}
