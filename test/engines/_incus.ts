/**
 * The test Incus cluster (test/setup/incus-cluster.sh) as the incus suites see it: its
 * endpoints, its simulated internet, a server on it and the cluster's own view of things,
 * read straight from the members' sockets.
 * @module
 */
import { request } from 'node:http'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { rememberDataDir, ssh, type Outcome } from './_engines.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

export const INCUS_URL = process.env.NODEPLANE_INCUS_URL
export const INTERNET = process.env.NODEPLANE_TEST_INTERNET_NETNS ?? ''
export const INCUS_PROJECT = process.env.NODEPLANE_INCUS_PROJECT ?? 'nodeplane'

/** Why the incus suites cannot run here, or undefined when they can. */
export const incusUnavailable =
  INCUS_URL && INTERNET
    ? undefined
    : 'no test cluster: run `bash test/setup/incus-cluster.sh up` and export its last two lines'

/** Asks one member's socket directly, as an operator's `incus` would. */
export function incus<T = unknown>(
  path: string,
  member = 0,
  method = 'GET',
  body?: unknown
): Promise<T> {
  const socket = new URL(INCUS_URL!.split(',')[member]!).pathname
  return new Promise((resolve, reject) => {
    const sep = path.includes('?') ? '&' : '?'
    const req = request(
      { socketPath: socket, method, path: `${path}${sep}project=${INCUS_PROJECT}` },
      (res) => {
        let text = ''
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve(JSON.parse(text).metadata as T))
      }
    )
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

/** Nodeplane's instances in the cluster, by name, with the member each runs on. */
export async function instances(): Promise<{ name: string; location: string; status: string }[]> {
  const all = await incus<
    { name: string; location: string; status: string; config: Record<string, string> }[]
  >('/1.0/instances?recursion=1')
  return all.filter((instance) => instance.config['user.nodeplane.node'])
}

export interface IncusServer {
  server: TestServer
  client: ReturnType<typeof api>
}

/**
 * A server on the test cluster with `inventory` as its rules (members split into sizes) and
 * `extraEnv` on top of the cluster's settings (another node image, say).
 */
export async function startIncusServer(
  inventory?: Record<string, unknown>,
  extraEnv: Record<string, string> = {}
): Promise<IncusServer> {
  const env: Record<string, string> = {
    NODEPLANE_DRIVER: 'incus',
    NODEPLANE_INCUS_URL: INCUS_URL!,
    NODEPLANE_INCUS_PROJECT: INCUS_PROJECT,
    NODEPLANE_INCUS_UPLINK: 'ul0',
    NODEPLANE_IPV4_POOLS: '203.0.113.0/24',
    NODEPLANE_DEFAULT_REGION: 'lab-1',
    NODEPLANE_HEALTH_SECONDS: '1',
    NODEPLANE_LOG_LEVEL: 'info',
    ...extraEnv,
  }
  if (inventory) {
    const file = join(tempDir('nodeplane-inventory-'), 'inventory.json')
    writeFileSync(file, JSON.stringify(inventory))
    env.NODEPLANE_INVENTORY = file
  }
  const server = await startServer({ env })
  const client = api(server.url, (await createTestKey(server.dataDir)).key)
  rememberDataDir(client, server.dataDir)
  return { server, client }
}

/** A suite with one server on the cluster, stopped after it; skipped without a cluster. */
export function describeIncus(
  title: string,
  body: (ctx: IncusServer) => void,
  options: {
    inventory?: Record<string, unknown>
    publicPool: string
    publicPool6?: string
    /** Settings on top of the cluster's. */
    env?: Record<string, string>
  }
): void {
  const { inventory, publicPool, publicPool6, env } = options
  if (incusUnavailable) console.warn(`incus suite skipped: ${incusUnavailable}`)
  describe.skipIf(incusUnavailable)(`incus driver: ${title}`, () => {
    const ctx = {} as IncusServer
    beforeAll(async () => {
      // A range of its own: every suite's server has a database of its own, and two of them
      // handing out one address on the shared cluster would answer for each other's nodes.
      const pools = { NODEPLANE_IPV4_POOLS: publicPool }
      if (publicPool6) Object.assign(pools, { NODEPLANE_IPV6_POOLS: publicPool6 })
      Object.assign(ctx, await startIncusServer(inventory, { ...env, ...pools }))
    }, 300_000)
    afterAll(async () => {
      await ctx.server?.stop()
    })
    body(ctx)
  })
}

/**
 * Runs `command` on a node as root over ssh from the simulated internet, trying again for a
 * few seconds while the connection itself fails: an address that was another member's a moment
 * ago reaches its new member once the upstream router has asked again who has it.
 */
export async function loginTo(
  node: { ip_address: string },
  password: string,
  command: string
): Promise<Outcome> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const outcome = await ssh(INTERNET, node.ip_address, password, command)
    const unreached = outcome.code === 255 && /connect to host/.test(outcome.stderr)
    if (!unreached || Date.now() > deadline) return outcome
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * Deletes every node of the account behind `client` and waits until they are gone: the test
 * cluster's members have room for a few nodes only, and the next test needs their hosts.
 */
export async function deleteAllNodes(client: IncusServer['client']): Promise<void> {
  for (const node of (await client.get('/nodes')).body) await client.delete(`/nodes/${node.id}`)
  await eventually(
    async () => ((await client.get('/nodes')).body.length === 0 ? true : undefined),
    120_000
  )
}
