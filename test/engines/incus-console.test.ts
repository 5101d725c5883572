import { afterAll } from 'vitest'
import { consoleCases } from './_console.js'
import { CONSOLE_LIMITS_ENV } from './_console-limits.js'
import { ssh } from './_engines.js'
import { deleteAllNodes, describeIncus, INTERNET } from './_incus.js'

describeIncus(
  'node console',
  (ctx) => {
    afterAll(() => deleteAllNodes(ctx.client), 150_000)
    // One SSH attempt, not loginTo's retries: the console cases use it only to see it refused.
    consoleCases(ctx, (node, password, command) =>
      ssh(INTERNET, node.ip_address, password, command)
    )
  },
  {
    inventory: { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] },
    publicPool: '203.0.113.176/28',
    env: CONSOLE_LIMITS_ENV,
  }
)
