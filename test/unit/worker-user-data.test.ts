import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { ProvisioningDriver } from '../../server/provisioning/driver.js'
import { testNodeSpec } from '../helpers/node-spec.js'
import { createWorker } from '../../server/provisioning/worker.js'
import type { WorkerHooks } from '../../server/provisioning/worker-api.js'
import type { NodeRow } from '../../server/nodes/nodes.store.js'
import { userDataScriptOf } from '../../server/nodes/user-data.service.js'

const node = testNodeSpec({ userData: '#!/bin/sh\ntrue\n' })

describe('the worker following a user data run it cannot read', () => {
  it('reads less and less often, not once a second for ever', async () => {
    let reads = 0
    const driver: ProvisioningDriver = {
      name: 'fake',
      create: async () => undefined,
      waitUntilReady: async () => undefined,
      destroy: async () => undefined,
      startUserData: async () => undefined,
      readUserData: async () => {
        reads++
        throw new Error('sh: not found')
      },
    }
    const hooks = {
      userDataStatus: async () => 'running',
      userDataStarted: async () => undefined,
      userDataFinished: async () => undefined,
    } as unknown as WorkerHooks
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }))
    worker.followUserData(node)
    // Reads at 0, 1 s, 3 s, 7 s, ...: three in 3.5 s (a fixed second would make four).
    await new Promise((resolve) => setTimeout(resolve, 3500))
    await worker.stop()
    expect(reads).toBe(3)
  }, 10_000)
})

describe("a stored node's user data script", () => {
  // Any use of the database or the secrets fails the test: a started script is not read.
  const untouchable = new Proxy(
    {},
    {
      get() {
        throw new Error('read the database or opened a secret')
      },
    }
  )
  const ctx = { db: untouchable, secrets: untouchable, clock: untouchable } as never

  it.each(['running', 'succeeded', 'failed', 'skipped', null])(
    'is neither read nor decrypted when the status is %s',
    async (status) => {
      const row = { id: 'node_a', userDataStatus: status } as NodeRow
      await expect(userDataScriptOf(ctx, row)).resolves.toBeNull()
    }
  )
})
