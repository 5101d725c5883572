import { afterAll } from 'vitest'
import { consoleCases } from './_console.js'
import { deleteAllNodes, describeIncus, loginTo } from './_incus.js'

describeIncus(
  'node console',
  (ctx) => {
    afterAll(() => deleteAllNodes(ctx.client), 150_000)
    consoleCases(ctx, loginTo)
  },
  {
    inventory: { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: 3 }] },
    publicPool: '203.0.113.176/28',
  }
)
