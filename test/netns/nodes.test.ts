import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeHostname } from '../../server/provisioning/netns/names.js'
import { eventually } from '../helpers/http.js'
import {
  namespacesOf,
  netnsUnavailable,
  purge,
  runningNode,
  sh,
  ssh,
  startNetnsServer,
  tcpOpen,
  type NetnsServer,
} from './_netns.js'

const unavailable = await netnsUnavailable()
if (unavailable) console.warn(`netns suite skipped: ${unavailable}`)

/** Pids whose command line names the node: its sshd (its sessions carry the same title). */
async function sshdOf(nodeId: string): Promise<string[]> {
  return (await sh('pgrep', ['-f', `NODEPLANE_NODE=${nodeId}`])).stdout.split('\n').filter(Boolean)
}

describe.skipIf(unavailable)('netns driver: node lifecycle', () => {
  let ctx: NetnsServer
  beforeAll(async () => {
    // A two-second boot before sshd starts makes "provisioning" long enough to look at.
    ctx = await startNetnsServer({ NODEPLANE_NETNS_BOOT_SECONDS: '2' })
  })
  afterAll(async () => {
    await ctx?.server.stop()
    if (ctx) await purge(ctx.names)
  })

  it('keeps port 22 closed while provisioning, then runs real sshd that takes the root password', async () => {
    const created = await ctx.client.post('/nodes', {})
    expect(created.status).toBe(201)
    const id: string = created.body.id
    const first = await ctx.client.get(`/nodes/${id}`)
    expect(first.body.status).toBe('provisioning')
    expect(first.body.ip_address).toBeNull()
    expect(await tcpOpen(ctx.ns(id), first.body.private_ip)).toBe(false)

    const node = await eventually(async () => {
      const reply = await ctx.client.get(`/nodes/${id}`)
      return reply.body.status === 'running' ? reply.body : undefined
    }, 30_000)
    expect(node.ip_address).toMatch(/^203\.0\.113\.\d+$/)
    expect(await tcpOpen(ctx.ns(id), node.private_ip)).toBe(true)

    const credentials = (await ctx.client.get(`/api/v1/nodes/${id}/credentials`)).body
    expect(credentials.ssh_command).toBe(`ssh root@${node.ip_address}`)
    const login = await ssh(
      ctx.names.internet,
      node.ip_address,
      credentials.password,
      'hostname; id -un'
    )
    expect(login.stderr).toBe('')
    expect(login.stdout.split('\n')).toEqual([nodeHostname(id), 'root', ''])
  })

  it('refuses a wrong root password', async () => {
    const { node } = await runningNode(ctx.client)
    const login = await ssh(ctx.names.internet, node.ip_address, 'not-the-password', 'hostname')
    expect(login.code).not.toBe(0)
    expect(login.stderr).toMatch(/Permission denied/)
  })

  it('removes the namespace, the processes and the node directory on delete', async () => {
    const { node } = await runningNode(ctx.client)
    const namespace = ctx.ns(node.id)
    expect(await namespacesOf(ctx.names)).toContain(namespace)
    expect(await sshdOf(node.id)).toHaveLength(1)

    expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
    await eventually(
      async () => ((await namespacesOf(ctx.names)).includes(namespace) ? undefined : true),
      15_000
    )
    expect(await sshdOf(node.id)).toEqual([])
    expect((await sh('ls', [ctx.names.stateDir])).stdout).not.toContain(namespace.split('-')[1])
    await eventually(async () =>
      (await ctx.client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined
    )
  })
})
