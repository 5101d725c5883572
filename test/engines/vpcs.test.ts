import { expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { describeEngines, runningNode, ssh, tcpOpen } from './_engines.js'

await describeEngines('VPC isolation', (ctx) => {
  it('connects nodes of one VPC and separates other VPCs and other accounts', async () => {
    const a = (await runningNode(ctx.client)).node
    const { node: b, password: bPassword } = await runningNode(ctx.client)
    const vpc = await ctx.client.post('/api/v1/networking', { name: 'isolated' })
    expect(vpc.status).toBe(201)
    const c = (await runningNode(ctx.client, { vpc_id: vpc.body.id })).node
    await createTestUser(ctx.server.dataDir, 'tenant@example.com')
    const tenant = api(
      ctx.server.url,
      (await createTestKey(ctx.server.dataDir, 'read_write', 'tenant@example.com')).key
    )
    const d = (await runningNode(tenant)).node

    expect(a.vpc_id).toBe(b.vpc_id)
    // The other tenant's default VPC has the same range: only the bridges keep them apart.
    expect(d.private_ip).toBe(a.private_ip)

    expect(await tcpOpen(ctx.ns(a.id), b.private_ip)).toBe(true)
    expect(await tcpOpen(ctx.ns(b.id), a.private_ip)).toBe(true)
    expect(await tcpOpen(ctx.ns(c.id), a.private_ip)).toBe(false)
    expect(await tcpOpen(ctx.ns(a.id), c.private_ip)).toBe(false)
    expect(await tcpOpen(ctx.ns(d.id), b.private_ip)).toBe(false)

    // The same from a real login on b: its VPC neighbour answers, the other VPC does not.
    const probe = (ip: string) =>
      `timeout 2 bash -c 'exec 3<>/dev/tcp/${ip}/22' && echo open || echo closed`
    const fromB = await ssh(
      ctx.names.internet,
      b.ip_address,
      bPassword,
      `${probe(a.private_ip)}; ${probe(c.private_ip)}`
    )
    expect(fromB.stdout.split('\n')).toEqual(['open', 'closed', ''])
  })
})
