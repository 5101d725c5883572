/**
 * The Bun runtimes the release's executables are compiled with are pinned by npm integrity
 * digest (provider/release/bun-runtimes.json) and checked before use: a tarball with another
 * digest is refused and nothing of it is kept.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BUN_TARGETS, bunBinary } from '../../provider/release/compile.js'
import { pinnedRuntime, runtimePin, RUNTIME_PINS } from '../../provider/release/runtimes.js'
import { tempDir } from '../helpers/temp-dirs.js'

const bun = { path: bunBinary(), version: '' }
bun.version = execFileSync(bun.path, ['--version'], { encoding: 'utf8' }).trim()
const HOST_TARGET = 'bun-linux-x64-baseline'

describe('the pinned Bun runtimes', () => {
  it("pin every platform of the release, for the installed Bun's version", () => {
    expect(Object.keys(RUNTIME_PINS.runtimes).sort()).toEqual(Object.values(BUN_TARGETS).sort())
    expect(RUNTIME_PINS.bun).toBe(bun.version)
    for (const pin of Object.values(RUNTIME_PINS.runtimes))
      expect(pin.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/)
  })

  it('refuse another Bun than the pinned one', () => {
    expect(() => runtimePin(HOST_TARGET, '0.0.1')).toThrow(/pins the runtimes of Bun/)
  })

  it('refuse a tarball whose digest is not the pinned one, and keep nothing of it', async () => {
    const cache = tempDir('nodeplane-runtimes-')
    const pin = RUNTIME_PINS.runtimes[HOST_TARGET]!
    // The registry's real tarball, checked against a digest it does not have.
    const wrong = { ...pin, integrity: `sha512-${'A'.repeat(86)}==` }
    const pins = { ...RUNTIME_PINS, runtimes: { [HOST_TARGET]: wrong } }
    await expect(pinnedRuntime(bun, HOST_TARGET, cache, pins)).rejects.toThrow(
      /not the pinned sha512-A+==: it was not used/
    )
    expect(readdirSync(cache)).toEqual([])
  })

  it('check and keep the pinned runtime, which runs as that Bun', async () => {
    const cache = tempDir('nodeplane-runtimes-')
    const runtime = await pinnedRuntime(bun, HOST_TARGET, cache)
    expect(runtime.startsWith(cache)).toBe(true)
    expect(execFileSync(runtime, ['--version'], { encoding: 'utf8' }).trim()).toBe(RUNTIME_PINS.bun)
    // A second call finds it checked already.
    expect(await pinnedRuntime(bun, HOST_TARGET, cache)).toBe(runtime)
  })
})
