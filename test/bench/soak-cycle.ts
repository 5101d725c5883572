/**
 * One cycle of the soak (soak.ts), what a tenant does in a day: create a node, attach a public
 * IPv4 address, log in over ssh from the simulated internet through it, detach it, delete
 * the node and wait until it is gone.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { ssh } from '../engines/_engines.js'
import type { api } from '../helpers/http.js'

type Client = ReturnType<typeof api>

/** Where the cycles run: a server's API, its region, and the namespace playing the internet. */
export interface SoakTarget {
  client: Client
  region: string
  internet: string
}

/** Long-polls the node (60 s a request) until `done` says so or `rounds` requests passed. */
async function waitFor(client: Client, id: string, target: string, rounds = 3) {
  for (let round = 0; round < rounds; round++) {
    const reply = await client.get(`/nodes/${id}?wait_for=${target}&timeout=60`)
    if (target === 'deleted' && reply.status === 404) return reply
    if (target === 'running' && reply.body?.status === 'running') return reply
  }
  throw new Error(`node ${id} not ${target} after ${rounds} minutes`)
}

function expectStatus(reply: { status: number; text: string }, status: number, what: string) {
  if (reply.status !== status) throw new Error(`${what} answered ${reply.status}: ${reply.text}`)
}

/** Retries the login for a few seconds: the route to a fresh address may lag the 200. */
async function login(internet: string, address: string, password: string): Promise<void> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const result = await ssh(internet, address, password, 'true')
    if (result.code === 0) return
    if (Date.now() > deadline)
      throw new Error(`no ssh login to ${address}: ${result.stderr.trim()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The label that puts a node under the soak's firewall ({@link createSoakFirewall}). */
const FIREWALLED = { soak: 'firewalled' }

/**
 * A firewall letting in ssh alone, for the nodes the soak labels: their nftables chains in
 * the fabric come and go with them, so the soak checks those too.
 */
export async function createSoakFirewall(client: Client): Promise<void> {
  const created = await client.post('/api/v1/firewalls', {
    name: 'soak-ssh-only',
    rules: [{ direction: 'in', protocol: 'tcp', port: '22', source_ips: ['0.0.0.0/0', '::/0'] }],
    apply_to: [{ type: 'label_selector', selector: 'soak=firewalled' }],
  })
  expectStatus(created, 201, 'POST /api/v1/firewalls')
}

/**
 * Runs one cycle on `target`, the node under the soak's firewall when `firewalled`; throws
 * with what went wrong, after deleting the node anyway.
 */
export async function cycle(target: SoakTarget, firewalled: boolean): Promise<void> {
  const { client, region } = target
  const body = { region, ...(firewalled ? { labels: FIREWALLED } : {}) }
  // As the provider and the Python client send it: the idempotency records are soaked too.
  const created = await client.post('/nodes', body, { 'Idempotency-Key': randomUUID() })
  expectStatus(created, 201, 'POST /nodes')
  const id = created.body.id as string
  try {
    await waitFor(client, id, 'running')
    const { password } = (await client.get(`/api/v1/nodes/${id}/credentials`)).body
    const attached = await client.post(`/api/v1/nodes/${id}/network/ip`, { ip: 'auto' })
    expectStatus(attached, 200, 'attaching an address')
    const address = (attached.body.ip as string).split('/')[0]!
    await login(target.internet, address, password as string)
    const detached = await client.delete(`/api/v1/nodes/${id}/network/ip?ip=${address}`)
    expectStatus(detached, 200, 'detaching the address')
  } finally {
    const deleted = await client.delete(`/nodes/${id}`)
    if (deleted.status >= 300 && deleted.status !== 404)
      throw new Error(`DELETE /nodes/${id} answered ${deleted.status}: ${deleted.text}`)
    await waitFor(client, id, 'deleted')
  }
}
