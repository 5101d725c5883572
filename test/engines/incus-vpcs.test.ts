import { afterAll, expect, it } from 'vitest'
import { vpcNetworkName } from '../../server/provisioning/incus/instance.js'
import { eventually } from '../helpers/http.js'
import { deleteAllNodes, describeIncus, incus, type IncusServer } from './_incus.js'

const members = async () =>
  (await incus<{ server_name: string }[]>('/1.0/cluster/members?recursion=1')).map(
    (member) => member.server_name
  )

/** A network on every member, made as an operator's (or another nodeplane's) would be. */
async function makeNetwork(name: string, config: Record<string, string>) {
  for (const member of await members())
    await incus(`/1.0/networks?target=${member}`, 0, 'POST', { name, type: 'bridge', config: {} })
  await incus('/1.0/networks', 0, 'POST', { name, type: 'bridge', config })
}

describeIncus(
  'VPC networks',
  (ctx: IncusServer) => {
    const made: string[] = []
    afterAll(async () => {
      await deleteAllNodes(ctx.client)
      for (const name of made) await incus(`/1.0/networks/${name}`, 0, 'DELETE')
    }, 150_000)

    it('never joins a node to a network that carries another VPC, though their names clash', async () => {
      const vpc = await ctx.client.post('/api/v1/networking', { name: `clash-${Date.now()}` })
      expect(vpc.status, vpc.text).toBe(201)
      // The names are 40 bits of a hash: stand in for the VPC whose name meets this one's.
      const clashing = vpcNetworkName(vpc.body.id)
      made.push(clashing)
      await makeNetwork(clashing, {
        'ipv4.address': 'none',
        'ipv6.address': 'none',
        'user.nodeplane.vpc': 'another-vpc',
      })

      const created = await ctx.client.post('/nodes', { vpc_id: vpc.body.id })
      expect(created.status, created.text).toBe(201)
      const event = await eventually(async () => {
        const page = await ctx.client.get(
          `/api/v1/events?type=node.stuck&resource_id=${created.body.id}`
        )
        return page.body.events[0]
      }, 60_000)
      expect(JSON.stringify(event)).toContain('carries VPC another-vpc')
      const network = await incus<{ used_by: string[] | null }>(`/1.0/networks/${clashing}`)
      expect(network.used_by ?? []).toEqual([])
    })
  },
  { publicPool: '203.0.113.112/28', env: { NODEPLANE_STUCK_AFTER_SECONDS: '5' } }
)
