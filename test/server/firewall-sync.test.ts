import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, createUser, userByEmail } from '../../server/accounts/accounts.service.js'
import { createKey } from '../../server/api-keys/api-keys.service.js'
import { createApp } from '../../server/app.js'
import { loadConfig } from '../../server/config.js'
import { startFirewallSync, type FirewallSync } from '../../server/firewalls/firewall-sync.js'
import type { DriverWithFirewall, IngressRule } from '../../server/provisioning/driver.js'
import { openRuntime, type Runtime } from '../../server/runtime.js'
import { databaseEnv, testDialect } from '../helpers/database.js'
import type { Caller } from '../helpers/callers.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir } from '../helpers/server.js'

/**
 * The firewall sync runs only beside an engine that filters traffic, so this suite runs the
 * server in this process (the real app on a loopback port, on a real database) with the
 * simulated engine and a `setFirewall` that records what the sync hands it.
 */
let rt: Runtime
let http: ServerType
let sync: FirewallSync
let alice: Caller
let bob: Caller
const engine = new Map<string, IngressRule[] | null>()

beforeAll(async () => {
  const dataDir = newDataDir()
  const env = await databaseEnv(dataDir)
  rt = await openRuntime(
    loadConfig(
      {},
      {
        dataDir,
        databaseUrl: env.DATABASE_URL,
        secretKey: env.NODEPLANE_SECRET_KEY,
        provisionSeconds: 0,
        logLevel: 'silent',
      }
    )
  )
  const driver: DriverWithFirewall = {
    ...rt.driver,
    setFirewall: (node, rules) => {
      engine.set(node.id, rules)
      return Promise.resolve()
    },
  }
  // No periodic round during the suite: every round here is one an event asked for.
  sync = startFirewallSync(rt, driver, 3_600_000)
  await sync.firstRound
  http = serve({ fetch: createApp(rt).fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => http.once('listening', resolve))
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const keyOf = async (email: string) => {
    const { accountId } = await userByEmail(rt, email)
    return (await createKey(rt, { accountId, name: 'sync', scope: 'read_write' })).key
  }
  await createUser(rt, { email: 'bob@example.com', password: 'correct horse battery staple' })
  alice = api(url, await keyOf(ADMIN_EMAIL))
  bob = api(url, await keyOf('bob@example.com'))
})

afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve))
  await sync?.stop()
  await rt?.close()
})

const https: IngressRule = { protocol: 'tcp', port: '443', sourceIps: ['0.0.0.0/0'] }
const rule = { direction: 'in', protocol: 'tcp', port: '443', source_ips: ['0.0.0.0/0'] }

/** Resolves once every event committed so far has reached the sync and its rounds ran. */
async function settled(): Promise<void> {
  let last = -1
  await eventually(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50))
    const now = sync.stats.rounds
    if (now === last) return true
    last = now
    return undefined
  })
}

describe('the firewall sync', () => {
  it("hands the engine a firewall's rules for the nodes it selects, and null for the rest", async () => {
    const web = (await bob.post('/nodes', { labels: { role: 'web' } })).body.id as string
    const db = (await bob.post('/nodes', { labels: { role: 'db' } })).body.id as string
    await eventually(async () => (engine.has(web) && engine.has(db)) || undefined)
    expect([engine.get(web), engine.get(db)]).toEqual([null, null])
    const fw = await bob.post('/api/v1/firewalls', {
      name: 'web',
      rules: [rule],
      apply_to: [{ type: 'label_selector', selector: 'role=web' }],
    })
    expect(fw.status).toBe(201)
    await eventually(async () => (engine.get(web) !== null ? true : undefined))
    expect([engine.get(web), engine.get(db)]).toEqual([[https], null])
  })

  it('is not woken by an event that changes no firewall, label or node set', async () => {
    await settled()
    const before = { ...sync.stats }
    // A VPC's creation is an event of its own, and firewalls read nothing of VPCs.
    const vpc = await alice.post('/api/v1/networking', { name: 'unrelated' })
    expect(vpc.status).toBe(201)
    const events = await alice.get('/api/v1/events?type=vpc.created')
    expect(events.body.events).toHaveLength(1)
    await settled()
    // On PostgreSQL the event's NOTIFY wakes a round without a type, which finds in the log
    // that nothing that matters came: it reads no account and calls no engine.
    expect({ ...sync.stats, rounds: 0 }).toEqual({ ...before, rounds: 0 })
    if (testDialect === 'sqlite') expect(sync.stats.rounds).toBe(before.rounds)
    expect((await alice.delete(`/api/v1/networking/${vpc.body.id}`)).status).toBe(204)
  })

  it("is woken for one account by its node's relabelling, and reads only that account", async () => {
    const node = (await alice.post('/nodes', { labels: { role: 'db' } })).body.id as string
    await eventually(async () => engine.has(node) || undefined)
    const fw = await alice.post('/api/v1/firewalls', {
      name: 'web',
      rules: [rule],
      apply_to: [{ type: 'label_selector', selector: 'role=web' }],
    })
    expect(fw.status).toBe(201)
    await settled()
    const before = { ...sync.stats }
    const patched = await alice.request('PATCH', `/nodes/${node}`, {
      json: { labels: { role: 'web' } },
    })
    expect(patched.status).toBe(200)
    await eventually(async () => (engine.get(node) !== null ? true : undefined))
    expect(engine.get(node)).toEqual([https])
    await settled()
    expect(sync.stats.accountsSynced - before.accountsSynced).toBe(1)
    expect(sync.stats.engineCalls - before.engineCalls).toBe(1)
  })
})
