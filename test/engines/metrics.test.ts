import { it } from 'vitest'
import { describeEngines, runningNode, ssh } from './_engines.js'
import { expectMetricsOfIdleThenBurn } from './_metrics.js'

await describeEngines(
  'node metrics',
  (ctx) => {
    it('shows cpu near 0 for an idle node, and what a one-core shell loop gets while it burns (near 100 on a free core)', async () => {
      // One core: the default size of a podman node.
      const { node, password } = await runningNode(ctx.client)
      await expectMetricsOfIdleThenBurn(ctx.client, node.id, (command) =>
        ssh(ctx.names.internet, node.ip_address, password, command)
      )
    }, 120_000)
  },
  { engines: ['podman'], env: { NODEPLANE_METRICS_SECONDS: '2' } }
)
