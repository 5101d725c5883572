import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  netnsUnavailable,
  purge,
  runningNode,
  ssh,
  startNetnsServer,
  tcpOpen,
  type NetnsServer,
} from './_netns.js'

const unavailable = await netnsUnavailable()
if (unavailable) console.warn(`netns suite skipped: ${unavailable}`)

describe.skipIf(unavailable)('netns driver: public addresses', () => {
  let ctx: NetnsServer
  beforeAll(async () => {
    ctx = await startNetnsServer()
  })
  afterAll(async () => {
    await ctx?.server.stop()
    if (ctx) await purge(ctx.names)
  })

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

  it('exposes ssh and nothing else of a node to the internet', async () => {
    const { node } = await runningNode(ctx.client)
    const neighbour = (await runningNode(ctx.client)).node
    // A service on another port of the node, which its VPC may use but the internet may not.
    const listener = spawn(
      'ip',
      [
        'netns',
        'exec',
        ctx.ns(node.id),
        process.execPath,
        '-e',
        'require("net").createServer((s) => s.end()).listen(8080)',
      ],
      {
        detached: true,
        stdio: 'ignore',
      }
    )
    listener.unref()
    try {
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await tcpOpen(ctx.ns(neighbour.id), node.private_ip, 8080)).toBe(true)
      expect(await tcpOpen(ctx.names.internet, node.ip_address, 8080)).toBe(false)
      expect(await tcpOpen(ctx.names.internet, node.private_ip, 22)).toBe(false)
      expect(await tcpOpen(ctx.names.internet, node.ip_address, 22)).toBe(true)
    } finally {
      // Deleting the node stops every process in its namespace, this listener included.
      expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
      await new Promise<void>((resolve) =>
        listener.exitCode !== null ? resolve() : listener.once('exit', () => resolve())
      )
    }
  })
})
