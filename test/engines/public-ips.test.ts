import { expect, it } from 'vitest'
import {
  describeEngines,
  listenInNamespace,
  listenInNode,
  runningNode,
  ssh,
  tcpOpen,
} from './_engines.js'

await describeEngines('public addresses', (ctx) => {
  it('routes an attached IPv4 address to the node from the internet namespace until it is detached', async () => {
    const { node, password } = await runningNode(ctx.client)
    const attached = await ctx.client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: 'auto' })
    expect(attached.status).toBe(200)
    const address = attached.body.ip.split('/')[0]
    expect(address).not.toBe(node.ip_address)
    expect(await tcpOpen(ctx.names.internet, address)).toBe(true)
    const login = await ssh(ctx.names.internet, address, password, 'ip -4 -o addr show dev eth1')
    expect(login.stdout).toContain(`${address}/32`)

    const detached = await ctx.client.delete(`/api/v1/nodes/${node.id}/network/ip?ip=${address}`)
    expect(detached.status).toBe(200)
    expect(await tcpOpen(ctx.names.internet, address)).toBe(false)
    // The automatic address is untouched.
    expect(await tcpOpen(ctx.names.internet, node.ip_address)).toBe(true)
  })

  it('routes an attached IPv6 address the same way', async () => {
    const { node, password } = await runningNode(ctx.client)
    const attached = await ctx.client.post(`/api/v1/nodes/${node.id}/network/ip`, {
      ip: 'auto-ipv6',
    })
    expect(attached.status).toBe(200)
    const address = attached.body.ip.split('/')[0]
    const login = await ssh(ctx.names.internet, address, password, 'hostname')
    expect(login.code).toBe(0)
    await ctx.client.delete(`/api/v1/nodes/${node.id}/network/ip?ip=${address}`)
    expect(await tcpOpen(ctx.names.internet, address)).toBe(false)
  })

  it('exposes every port of a node no firewall applies to, but never its private address', async () => {
    const { node, password } = await runningNode(ctx.client)
    const neighbour = (await runningNode(ctx.client)).node
    // A service on another port of the node: open by default (firewalls.test.ts filters it).
    await listenInNode(ctx, node.ip_address, password, 8080)
    expect(await tcpOpen(ctx.ns(neighbour.id), node.private_ip, 8080)).toBe(true)
    expect(await tcpOpen(ctx.names.internet, node.ip_address, 8080)).toBe(true)
    expect(await tcpOpen(ctx.ns(neighbour.id), node.ip_address, 8080)).toBe(true)
    expect(await tcpOpen(ctx.names.internet, node.private_ip, 22)).toBe(false)
    expect(await tcpOpen(ctx.names.internet, node.ip_address, 22)).toBe(true)
  })

  it('lets a node reach the internet and other nodes ssh from its public address, and nothing out without one', async () => {
    const { node, password } = await runningNode(ctx.client)
    const other = (await runningNode(ctx.client)).node
    const probe = (ip: string, port: number) =>
      `timeout 3 bash -c 'exec 3<>/dev/tcp/${ip}/${port}' && echo open || echo closed`
    // The internet namespace runs no service of its own: one listens there for the test.
    const outside = await listenInNamespace(ctx.names.internet, 8443)
    try {
      const reply = await ssh(
        ctx.names.internet,
        node.ip_address,
        password,
        `${probe('198.18.0.2', 8443)}; ${probe(other.ip_address, 22)}; ${probe(other.ip_address, 8443)}`
      )
      expect(reply.stdout.split('\n')).toEqual(['open', 'open', 'closed', ''])
      // It leaves with its public address; without one it does not leave at all, so its
      // private address never shows outside (probed from the node's namespace, since
      // nothing reaches the node itself any more).
      expect(await outside.awaitPeer(node.ip_address)).toBe(node.ip_address)
      await ctx.client.delete(`/api/v1/nodes/${node.id}/network/ip?ip=${node.ip_address}`)
      expect(await tcpOpen(ctx.ns(node.id), '198.18.0.2', 8443)).toBe(false)
      expect(await outside.awaitPeer(node.private_ip)).not.toBe(node.private_ip)
    } finally {
      outside.stop()
    }
  })
})
