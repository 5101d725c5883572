/**
 * What an anonymous caller can make the provider registry do: start no build (the release is
 * built at the server's start, or by the operator), not make a failed build run again before
 * its back-off, and not send more requests a minute than NODEPLANE_REGISTRY_RATE_LIMIT; and a
 * build that hangs is stopped at NODEPLANE_PROVIDER_BUILD_TIMEOUT_SECONDS, all of it.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { VERSION } from '../../provider/release/build.js'
import { eventually } from '../helpers/http.js'
import { fakeRelease, PROVIDER_PATH } from '../helpers/registry.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const builds = (s: TestServer) =>
  s.logs.filter((line) => line.msg === 'building the provider release for the registry')

/** The command lines of running processes that mention `text`. */
const processesWith = (text: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text))

async function withServer(env: Record<string, string>, test: (s: TestServer) => Promise<void>) {
  const server = await startServer({ env })
  try {
    await test(server)
  } finally {
    await server.stop()
  }
}

describe('the provider registry and anonymous callers', () => {
  it('builds nothing for a GET: with NODEPLANE_PROVIDER_BUILD=off, 503 naming the command that builds', async () => {
    await withServer({ NODEPLANE_PROVIDER_BUILD: 'off' }, async (server) => {
      for (let i = 0; i < 3; i++) {
        const reply = await fetch(`${server.url}${PROVIDER_PATH}/versions`)
        expect(reply.status).toBe(503)
        const problem = await reply.json()
        expect(problem.code).toBe('provider_release_unavailable')
        expect(problem.detail).toContain(
          'runs `nodeplane provider build <data directory>/provider-release`'
        )
        // Said to anyone: no path of the server's.
        expect(problem.detail).not.toContain(server.dataDir)
      }
      expect(builds(server)).toEqual([])
      expect(existsSync(join(server.dataDir, 'provider-release'))).toBe(false)
    })
  })

  it('stops a build that outlasts NODEPLANE_PROVIDER_BUILD_TIMEOUT_SECONDS, Bun included, and answers when it tries again', async () => {
    // An empty cache: the build would download runtimes and compile for minutes.
    const env = {
      NODEPLANE_PROVIDER_BUILD: 'start',
      NODEPLANE_PROVIDER_BUILD_TIMEOUT_SECONDS: '1',
      XDG_CACHE_HOME: tempDir('nodeplane-empty-cache-'),
    }
    await withServer(env, async (server) => {
      const failed = await eventually(
        async () => server.logs.find((line) => String(line.msg).startsWith('could not build')),
        30_000
      )
      expect(failed.msg).toBe('could not build the provider release: timed out after 1 s')
      const parent = join(server.dataDir, 'provider-release')
      expect(processesWith(parent)).toEqual([])
      expect(processesWith(env.XDG_CACHE_HOME)).toEqual([])
      const reply = await fetch(`${server.url}${PROVIDER_PATH}/versions`)
      expect(reply.status).toBe(503)
      expect((await reply.json()).detail).toMatch(/tries again in \d+ s/)
      expect(builds(server)).toHaveLength(1)
      expect(existsSync(join(parent, VERSION))).toBe(false)
    })
  })

  it('limits each client address to NODEPLANE_REGISTRY_RATE_LIMIT requests a minute, files included', async () => {
    const env = {
      NODEPLANE_REGISTRY_RATE_LIMIT: '3',
      NODEPLANE_PROVIDER_RELEASE_DIR: fakeRelease(VERSION),
    }
    await withServer(env, async (server) => {
      const sums = `${PROVIDER_PATH}/files/terraform-provider-nodeplane_${VERSION}_SHA256SUMS`
      for (const path of ['/.well-known/terraform.json', `${PROVIDER_PATH}/versions`, sums])
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(200)
      const refused = await fetch(`${server.url}${sums}`)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await refused.json()).code).toBe('rate_limited')
      // The API is not counted with the registry.
      expect((await fetch(`${server.url}/api/v1/compute?limit=1`)).status).toBe(200)
    })
  })
})
