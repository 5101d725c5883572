import { expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import {
  describeEngines,
  runningNode,
  sh,
  ssh,
  type Engine,
  type EngineServer,
} from './_engines.js'

/** Kills a node's engine side from outside, as a crash or a careless operator would. */
async function killNode(ctx: EngineServer, engine: Engine, nodeId: string): Promise<void> {
  const killed =
    engine === 'podman'
      ? await sh('podman', ['kill', ctx.ns(nodeId)])
      : await sh('ip', ['netns', 'delete', ctx.ns(nodeId)])
  expect(killed.code).toBe(0)
}

const restarted = (ctx: EngineServer, nodeId: string) =>
  ctx.server.logs.some((line) => line.msg === 'node restarted' && line.node_id === nodeId)

// The periodic health check is off (an hour), so only the failed attach can notice the death.
await describeEngines(
  'a dead node under an attach',
  (ctx, engine) => {
    it('answers 409 node_repairing, keeps nothing, restarts the node, and then attaches', async () => {
      const { node, password } = await runningNode(ctx.client)
      await killNode(ctx, engine, node.id)

      const refused = await ctx.client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: 'auto' })
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe('node_repairing')
      expect(refused.headers.get('retry-after')).toBe('5')
      // Nothing was kept: the node still has only its automatic address.
      const after = await ctx.client.get(`/nodes/${node.id}`)
      expect(after.body.ip_address).toBe(node.ip_address)

      await eventually(async () => (restarted(ctx, node.id) ? true : undefined), 60_000)
      const login = await ssh(ctx.names.internet, node.ip_address, password, 'id -un')
      expect(login.stdout).toBe('root\n')
      const attached = await ctx.client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: 'auto' })
      expect(attached.status).toBe(200)
      const address = attached.body.ip.split('/')[0]
      expect((await ssh(ctx.names.internet, address, password, 'id -un')).stdout).toBe('root\n')
    })
  },
  { env: { NODEPLANE_HEALTH_SECONDS: '3600' } }
)

await describeEngines(
  'the health check',
  (ctx) => {
    it('restarts a node whose sshd was killed, with its password and addresses, and logs it', async () => {
      const { node, password } = await runningNode(ctx.client)
      const pids = (await sh('pgrep', ['-f', `NODEPLANE_NODE=${node.id}`])).stdout
        .split('\n')
        .filter(Boolean)
      expect(pids.length).toBeGreaterThan(0)
      for (const pid of pids) process.kill(Number(pid), 'SIGKILL')

      await eventually(async () => (restarted(ctx, node.id) ? true : undefined), 60_000)
      expect(
        ctx.server.logs.some(
          (line) => line.msg === 'node died; restarting it' && line.node_id === node.id
        )
      ).toBe(true)
      expect((await ssh(ctx.names.internet, node.ip_address, password, 'id -un')).stdout).toBe(
        'root\n'
      )
      expect((await ctx.client.get(`/nodes/${node.id}`)).body.status).toBe('running')
    })

    it('rebuilds a node whose namespace was deleted by hand', async () => {
      const { node, password } = await runningNode(ctx.client)
      expect((await sh('ip', ['netns', 'delete', ctx.ns(node.id)])).code).toBe(0)
      await eventually(async () => (restarted(ctx, node.id) ? true : undefined), 60_000)
      expect((await ssh(ctx.names.internet, node.ip_address, password, 'id -un')).stdout).toBe(
        'root\n'
      )
    })
  },
  { engines: ['netns'] }
)
