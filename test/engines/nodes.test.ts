import { expect, it } from 'vitest'
import { containerHostname } from '../../server/provisioning/podman/container.js'
import { eventually } from '../helpers/http.js'
import {
  containersOf,
  describeEngines,
  namespacesOf,
  runningNode,
  sh,
  ssh,
  tcpOpen,
  type EngineServer,
} from './_engines.js'

/** Pids whose command line names the node: a netns node's sshd (its sessions carry the same title). */
async function sshdOf(nodeId: string): Promise<string[]> {
  return (await sh('pgrep', ['-f', `NODEPLANE_NODE=${nodeId}`])).stdout.split('\n').filter(Boolean)
}

/** What of a node the engine holds: its namespace, and its sshd (netns) or container (podman). */
async function tracesOf(ctx: EngineServer, nodeId: string): Promise<string[]> {
  const namespace = ctx.ns(nodeId)
  const traces = (await namespacesOf(ctx.names)).filter((name) => name === namespace)
  if (ctx.engine === 'netns') traces.push(...(await sshdOf(nodeId)))
  else traces.push(...(await containersOf(ctx.names)).filter((name) => name === namespace))
  return traces
}

await describeEngines(
  'node lifecycle',
  (ctx, engine) => {
    it('runs real sshd that takes the root password once running, under the node name as host name', async () => {
      const created = await ctx.client.post('/nodes', { name: 'web-1' })
      expect(created.status).toBe(201)
      expect(created.body.ip_address).toBeNull()
      const { node, credentials } = await runningNode(ctx.client, undefined, created.body.id)
      expect(node.ip_address).toMatch(/^203\.0\.113\.\d+$/)
      expect(credentials.ssh_command).toBe(`ssh root@${node.ip_address}`)
      const login = await ssh(
        ctx.names.internet,
        node.ip_address,
        credentials.password,
        'hostname; id -un'
      )
      expect(login.stderr).toBe('')
      const hostname =
        engine === 'podman' ? 'web-1' : containerHostname({ id: node.id, name: null })
      expect(login.stdout.split('\n')).toEqual([hostname, 'root', ''])
    })

    it.runIf(engine === 'netns')('keeps port 22 closed while provisioning', async () => {
      const created = await ctx.client.post('/nodes', {})
      const first = await ctx.client.get(`/nodes/${created.body.id}`)
      expect(first.body.status).toBe('provisioning')
      expect(await tcpOpen(ctx.ns(created.body.id), first.body.private_ip)).toBe(false)
      const { node } = await runningNode(ctx.client, undefined, created.body.id)
      expect(await tcpOpen(ctx.ns(node.id), node.private_ip)).toBe(true)
    })

    it('refuses a wrong root password', async () => {
      const { node } = await runningNode(ctx.client)
      const login = await ssh(ctx.names.internet, node.ip_address, 'not-the-password', 'hostname')
      expect(login.code).not.toBe(0)
      expect(login.stderr).toMatch(/Permission denied/)
    })

    it('leaves nothing of a node in the engine after delete', async () => {
      const { node } = await runningNode(ctx.client)
      expect((await tracesOf(ctx, node.id)).length).toBeGreaterThanOrEqual(2)
      expect((await ctx.client.delete(`/nodes/${node.id}`)).status).toBe(204)
      await eventually(
        async () => ((await tracesOf(ctx, node.id)).length === 0 ? true : undefined),
        15_000
      )
      await eventually(async () =>
        (await ctx.client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined
      )
      // The node's folder goes last in its teardown: checked once the node is gone.
      expect((await sh('ls', [ctx.names.stateDir])).stdout).not.toContain(
        ctx.ns(node.id).split('-')[1]
      )
    })
  },
  { env: { NODEPLANE_NETNS_BOOT_SECONDS: '2' } }
)
