import { expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import {
  describeEngines,
  listenInNode,
  runningNode,
  tcpOpen,
  type EngineServer,
} from './_engines.js'

const EVERYONE = ['0.0.0.0/0', '::/0']
const tcp = (port: string, sourceIps = EVERYONE) => ({
  direction: 'in',
  protocol: 'tcp',
  port,
  source_ips: sourceIps,
})

/** Waits (5 s at most: the target is 1 s) until TCP `port` of `ip` is open or closed. */
function becomes(ctx: EngineServer, ip: string, port: number, open: boolean) {
  return eventually(
    async () => ((await tcpOpen(ctx.names.internet, ip, port)) === open ? true : undefined),
    5_000
  )
}

await describeEngines('firewalls', (ctx) => {
  const patch = (path: string, json: unknown) => ctx.client.request('PATCH', path, { json })

  it('opens every port by default and, under a firewall, only what its rules allow, live', async () => {
    const { node, password } = await runningNode(ctx.client)
    const ip = node.ip_address
    await listenInNode(ctx, ip, password, 2222)
    expect(await tcpOpen(ctx.names.internet, ip, 2222)).toBe(true)

    const created = await ctx.client.post('/api/v1/firewalls', {
      name: `ssh-only-${node.id}`,
      rules: [tcp('22')],
      apply_to: [{ type: 'label_selector', selector: 'role=web' }],
    })
    expect(created.status, created.text).toBe(201)
    const firewall = created.body.id as string
    expect((await patch(`/nodes/${node.id}`, { labels: { role: 'web' } })).status).toBe(200)
    await becomes(ctx, ip, 2222, false)
    expect(await tcpOpen(ctx.names.internet, ip, 22)).toBe(true)

    // A new rule opens its port on the running node.
    await patch(`/api/v1/firewalls/${firewall}`, { rules: [tcp('22'), tcp('2000-2999')] })
    await becomes(ctx, ip, 2222, true)

    // Allowed from another range only: the internet namespace (198.18.0.2) stays out.
    await patch(`/api/v1/firewalls/${firewall}`, {
      rules: [tcp('22'), tcp('2222', ['203.0.113.0/24', '2001:db8::/32'])],
    })
    await becomes(ctx, ip, 2222, false)
    expect(await tcpOpen(ctx.names.internet, ip, 22)).toBe(true)

    // Without the label no firewall applies: open again.
    expect((await patch(`/nodes/${node.id}`, { labels: {} })).status).toBe(200)
    await becomes(ctx, ip, 2222, true)
  })

  it('filters a node created with matching labels from the start, and another node too', async () => {
    const created = await ctx.client.post('/api/v1/firewalls', {
      name: `db-${Date.now()}`,
      rules: [tcp('22')],
      apply_to: [{ type: 'label_selector', selector: 'role=db' }],
    })
    expect(created.status).toBe(201)
    const { node, password } = await runningNode(ctx.client, { labels: { role: 'db' } })
    const neighbour = (await runningNode(ctx.client)).node
    await listenInNode(ctx, node.ip_address, password, 2222)
    expect(await tcpOpen(ctx.names.internet, node.ip_address, 2222)).toBe(false)
    // Traffic from another node's public address crosses the same filter.
    expect(await tcpOpen(ctx.ns(neighbour.id), node.ip_address, 2222)).toBe(false)
    expect(await tcpOpen(ctx.ns(neighbour.id), node.ip_address, 22)).toBe(true)
    // Its VPC is not filtered.
    expect(await tcpOpen(ctx.ns(neighbour.id), node.private_ip, 2222)).toBe(true)
  })
})

await describeEngines(
  'NODEPLANE_DEFAULT_INGRESS=ssh-only',
  (ctx) => {
    it('lets only ssh reach a node no firewall applies to', async () => {
      const { node, password } = await runningNode(ctx.client)
      await listenInNode(ctx, node.ip_address, password, 2222)
      expect(await tcpOpen(ctx.names.internet, node.ip_address, 2222)).toBe(false)
      expect(await tcpOpen(ctx.names.internet, node.ip_address, 22)).toBe(true)
    })
  },
  { env: { NODEPLANE_DEFAULT_INGRESS: 'ssh-only' } }
)
