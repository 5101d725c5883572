/**
 * What every test file of a Terraform type shares: a server, a read_write key on it, the bundled
 * provider, and tofu working dirs of `test/provider/testdata/` fixtures pointed at both. It
 * registers its own `beforeAll` and `afterAll`, which stop the server and remove the temp dirs.
 * @module
 */
import { afterAll, beforeAll } from 'vitest'
import { createTestKey } from './accounts.js'
import { startServer, type TestServer } from './server.js'
import { bundleProvider, fixtureWorkdir, removeTempDirs, tofu, type Workdir } from './tofu.js'

export interface ProviderSuite {
  readonly server: TestServer
  readonly key: string
  readonly provider: { bin: string }
  /** A working dir for `testdata/<name>.tf`, pointed at this suite's server and key. */
  fixture: (name: string, vars?: Record<string, string | number>) => Workdir
  /** One tofu command, with stdout and stderr together as `output`. */
  run: (
    w: Workdir,
    args: string[]
  ) => Promise<{ code: number; stdout: string; stderr: string; output: string }>
}

/** Sets up a provider test file; `env` configures its server. */
export function providerSuite(env: Record<string, string> = {}): ProviderSuite {
  let started: { server: TestServer; key: string; provider: { bin: string } } | undefined
  beforeAll(async () => {
    const server = await startServer({ env })
    const key = (await createTestKey(server.dataDir)).key
    started = { server, key, provider: { bin: (await bundleProvider()).bin } }
  })
  afterAll(async () => {
    await started?.server.stop()
    removeTempDirs()
  })
  const ready = () => {
    if (!started) throw new Error('providerSuite: used before its beforeAll ran')
    return started
  }
  return {
    get server() {
      return ready().server
    },
    get key() {
      return ready().key
    },
    get provider() {
      return ready().provider
    },
    fixture: (name, vars = {}) =>
      fixtureWorkdir(name, ready().provider, {
        endpoint: ready().server.url,
        api_key: ready().key,
        ...vars,
      }),
    run: async (w, args) => {
      const result = await tofu(w, args)
      return { ...result, output: result.stdout + result.stderr }
    },
  }
}
