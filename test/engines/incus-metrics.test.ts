import { afterAll, it } from 'vitest'
import { runningNode } from './_engines.js'
import { deleteAllNodes, describeIncus, loginTo } from './_incus.js'
import { expectMetricsOfIdleThenBurn } from './_metrics.js'

const SLICES = { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] }

describeIncus(
  'node metrics',
  (ctx) => {
    afterAll(() => deleteAllNodes(ctx.client), 150_000)

    it('shows cpu near 0 for an idle node, and what a one-core shell loop gets while it burns (near 100 on a free core), from the state Incus keeps', async () => {
      const { node, password } = await runningNode(ctx.client)
      await expectMetricsOfIdleThenBurn(ctx.client, node.id, (command) =>
        loginTo(node, password, command)
      )
    }, 150_000)
  },
  { inventory: SLICES, publicPool: '203.0.113.144/28', env: { NODEPLANE_METRICS_SECONDS: '2' } }
)
