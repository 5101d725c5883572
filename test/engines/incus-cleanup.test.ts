import { expect, it } from 'vitest'
import { vpcNetworkName } from '../../server/provisioning/incus/instance.js'
import { runCli } from '../helpers/server.js'
import { runningNode } from './_engines.js'
import {
  describeIncus,
  INCUS_PROJECT,
  INCUS_URL,
  incus,
  instances,
  type IncusServer,
} from './_incus.js'

/** The incus settings `nodeplane cleanup` needs, as the operator's environment gives them. */
const incusEnv = () => ({
  NODEPLANE_DRIVER: 'incus',
  NODEPLANE_INCUS_URL: INCUS_URL!,
  NODEPLANE_INCUS_PROJECT: INCUS_PROJECT,
  NODEPLANE_INCUS_UPLINK: 'ul0',
})

const networkNames = async () =>
  (await incus<{ name: string }[]>('/1.0/networks?recursion=1')).map((network) => network.name)

describeIncus(
  '`nodeplane cleanup`',
  (ctx: IncusServer) => {
    it('keeps nodes across a stop, and removes their instances and VPC networks only when forced', async () => {
      const { node } = await runningNode(ctx.client)
      const network = vpcNetworkName(node.vpc_id)
      await ctx.server.stop()
      // Nodes outlive the control plane, as a cloud's machines do.
      const ours = (await instances()).filter((i) => i.name.endsWith(node.id.slice(5)))
      expect(ours).toHaveLength(1)
      expect(await networkNames()).toContain(network)

      const args = ['cleanup', '--data', ctx.server.dataDir]
      const refused = await runCli(args, incusEnv())
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`1 node(s) still exist (${node.id})`)
      expect(await instances()).toHaveLength(1)

      const forced = await runCli([...args, '--force'], incusEnv())
      expect(forced.code, forced.stderr).toBe(0)
      expect(forced.stderr).toContain(`instance ${ours[0]!.name}`)
      expect(await instances()).toEqual([])
      expect(await networkNames()).not.toContain(network)
    })
  },
  { publicPool: '203.0.113.96/28' }
)
