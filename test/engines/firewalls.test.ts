import { spawnSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import {
  describeEngines,
  listenInNode,
  runningNode,
  ssh,
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

/** Starts a UDP echo service on `port` of the node, over ssh (perl is in every node). */
async function udpEchoInNode(ctx: EngineServer, ip: string, password: string, port: number) {
  const perl = `perl -MIO::Socket::INET -e '$s = IO::Socket::INET->new(LocalPort => ${port}, Proto => "udp") or die; while ($s->recv($m, 100)) { $s->send($m) }'`
  const started = await ssh(ctx.names.internet, ip, password, `nohup ${perl} >/dev/null 2>&1 &`)
  if (started.code !== 0) throw new Error(`could not start a UDP echo: ${started.stderr}`)
}

/** True when a datagram sent from the internet namespace to `ip`:`port` comes back within 1 s. */
function udpAnswers(ctx: EngineServer, ip: string, port: number): boolean {
  const script = `const s = require('dgram').createSocket('udp4'); s.on('message', () => { console.log('yes'); process.exit(0) }); s.send('ping', ${port}, '${ip}'); setTimeout(() => process.exit(0), 1000)`
  const run = spawnSync('ip', ['netns', 'exec', ctx.names.internet, process.execPath, '-e', script])
  return run.stdout.toString().includes('yes')
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

await describeEngines('firewalls on UDP', (ctx) => {
  it('lets UDP in by default and under a firewall only with a udp rule', async () => {
    const { node, password } = await runningNode(ctx.client)
    const ip = node.ip_address
    await udpEchoInNode(ctx, ip, password, 5353)
    await eventually(async () => (udpAnswers(ctx, ip, 5353) ? true : undefined), 5_000)
    const created = await ctx.client.post('/api/v1/firewalls', {
      name: `dns-${node.id}`,
      rules: [tcp('22')],
      apply_to: [{ type: 'node', node_id: node.id }],
    })
    expect(created.status, created.text).toBe(201)
    await eventually(async () => (udpAnswers(ctx, ip, 5353) ? undefined : true), 5_000)
    const udp = { direction: 'in', protocol: 'udp', port: '5353', source_ips: EVERYONE }
    await ctx.client.request('PATCH', `/api/v1/firewalls/${created.body.id}`, {
      json: { rules: [tcp('22'), udp] },
    })
    await eventually(async () => (udpAnswers(ctx, ip, 5353) ? true : undefined), 5_000)
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
