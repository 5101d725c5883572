/**
 * The release executable compiles the bundled provider with a V8 code cache kept under the
 * user's cache directory (provider/release/launcher.ts): written by the first start, used by
 * later ones, and never a reason to fail.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releasePlugin, removeTempDirs, startPlugin, tempDir } from '../helpers/tofu.js'

let plugin: { bin: string; types: string }
afterAll(removeTempDirs)
beforeAll(async () => {
  plugin = await releasePlugin()
})

/** Starts the release executable, asks for its schema, shuts it down; returns the schema. */
async function startAndStop(env: Record<string, string>): Promise<string[]> {
  const p = await startPlugin(plugin, env)
  const schema = await p.call(p.provider, 'GetProviderSchema')
  await p.call(p.controller, 'Shutdown')
  expect(await p.exited).toBe(0)
  return Object.keys(schema.resourceSchemas).sort()
}

const cacheDirOf = (home: string) => join(home, 'nodeplane', 'provider-code-cache')

describe('the release executable', () => {
  it('writes its code cache on the first start and reads it, unchanged, on the next', async () => {
    const home = tempDir('nodeplane-cache-home-')
    const types = await startAndStop({ XDG_CACHE_HOME: home })
    expect(types).toContain('nodeplane_node')
    const [file, ...others] = readdirSync(cacheDirOf(home))
    expect(others).toEqual([])
    expect(file).toMatch(
      new RegExp(
        `^\\d+\\.\\d+\\.\\d+-[0-9a-f]{16}-node${process.versions.node}-${process.arch}\\.bin$`
      )
    )
    const path = join(cacheDirOf(home), file!)
    const written = statSync(path)
    expect(written.size).toBeGreaterThan(10_000)
    expect(written.mode & 0o777).toBe(0o600)

    expect(await startAndStop({ XDG_CACHE_HOME: home })).toEqual(types)
    // Accepted by V8, so not written again.
    expect(statSync(path).mtimeMs).toBe(written.mtimeMs)
  })

  it('starts from a damaged cache and replaces it', async () => {
    const home = tempDir('nodeplane-cache-home-')
    await startAndStop({ XDG_CACHE_HOME: home })
    const path = join(cacheDirOf(home), readdirSync(cacheDirOf(home))[0]!)
    writeFileSync(path, Buffer.from('not a code cache'))

    expect(await startAndStop({ XDG_CACHE_HOME: home })).toContain('nodeplane_node')
    expect(statSync(path).size).toBeGreaterThan(10_000)
  })

  it('starts when the cache directory cannot be written, and keeps no cache when told not to', async () => {
    const home = tempDir('nodeplane-cache-home-')
    writeFileSync(join(home, 'nodeplane'), 'a file where the cache directory would go')
    expect(await startAndStop({ XDG_CACHE_HOME: home })).toContain('nodeplane_node')

    const off = tempDir('nodeplane-cache-home-')
    mkdirSync(join(off, 'nodeplane'))
    await startAndStop({ XDG_CACHE_HOME: off, NODEPLANE_PROVIDER_CODE_CACHE: '0' })
    expect(existsSync(cacheDirOf(off))).toBe(false)
  })
})
