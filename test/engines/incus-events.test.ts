import { afterEach, expect, it } from 'vitest'
import { eventually } from '../helpers/http.js'
import { runningNode } from './_engines.js'
import { deleteAllNodes, describeIncus, incus } from './_incus.js'

/** Each member sold as three small sizes: room for other suites' nodes beside these. */
const SLICES = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] }

/** Far longer than any wait below: only an event can make the server act in time. */
const HEALTH_SECONDS = 300

interface Member {
  server_name: string
  config: Record<string, string> | null
  roles: string[]
  failure_domain: string
  groups: string[]
  description: string
}

/** Writes a member's settings back whole (Incus takes them whole), with `config` instead. */
async function setMemberConfig(name: string, config: Record<string, string>): Promise<void> {
  const member = await incus<Member>(`/1.0/cluster/members/${name}`)
  const { roles, failure_domain, groups, description } = member
  await incus(`/1.0/cluster/members/${name}`, 0, 'PUT', {
    roles,
    failure_domain,
    groups,
    description,
    config,
  })
}

describeIncus(
  'following the cluster events',
  (ctx) => {
    afterEach(() => deleteAllNodes(ctx.client), 150_000)

    it('starts a node stopped behind its back at once, long before the health check would', async () => {
      const { node } = await runningNode(ctx.client)
      const name = `np-${node.id.replace('_', '-')}`
      await incus(`/1.0/instances/${name}/state`, 0, 'PUT', { action: 'stop', force: true })
      await eventually(async () => {
        const events = (
          await ctx.client.get(`/api/v1/events?type=node.restarted&resource_id=${node.id}`)
        ).body
        return JSON.stringify(events).includes(node.id) ? true : undefined
      }, 60_000)
      const instance = await incus<{ status: string }>(`/1.0/instances/${name}`)
      expect(instance.status).toBe('Running')
      expect((await ctx.client.get(`/nodes/${node.id}`)).body.status).toBe('running')
      // Dead, not unreachable: its member answered all along.
      const unreachable = (
        await ctx.client.get(`/api/v1/events?type=node.unreachable&resource_id=${node.id}`)
      ).body
      expect(JSON.stringify(unreachable)).not.toContain(node.id)
    })

    it("hears a member's change although nodeplane's project is not the cluster's own", async () => {
      // A key nobody reads: other installs on the cluster see no change in their inventory.
      // Not the database leader: its roles are the cluster's to move, not ours to write back.
      const members = await incus<Member[]>('/1.0/cluster/members?recursion=1')
      const member = members.filter((m) => !m.roles.includes('database-leader')).pop()!
      const config = member.config ?? {}
      const heard = () =>
        ctx.server.logs.some(
          (line) =>
            line.msg === 'Incus event: acting on it now' &&
            line.change === 'machines' &&
            line.source === `/1.0/cluster/members/${member.server_name}`
        )
      expect(heard()).toBe(false)
      await setMemberConfig(member.server_name, { ...config, 'user.nodeplane-test.probe': '1' })
      try {
        await eventually(async () => (heard() ? true : undefined), 30_000)
      } finally {
        const { 'user.nodeplane-test.probe': _probe, ...rest } =
          (await incus<Member>(`/1.0/cluster/members/${member.server_name}`)).config ?? {}
        await setMemberConfig(member.server_name, rest)
      }
    })
  },
  {
    inventory: SLICES,
    publicPool: '203.0.113.128/28',
    env: { NODEPLANE_HEALTH_SECONDS: String(HEALTH_SECONDS), NODEPLANE_LOG_LEVEL: 'debug' },
  }
)
