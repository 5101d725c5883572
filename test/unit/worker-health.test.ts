import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { ProvisioningDriver } from '../../server/provisioning/driver.js'
import type { WorkerHooks } from '../../server/provisioning/worker-api.js'
import { createWorker } from '../../server/provisioning/worker.js'

const hooks = {
  register: async () => undefined,
  retire: async () => undefined,
  claimOrphans: async () => ({ provisioning: [], deleting: [], userData: [] }),
  runningNodeIds: async () => ['node_a'],
} as unknown as WorkerHooks

/** A driver whose health listing waits for `release` each time, counting the listings. */
function slowHealthDriver() {
  const state = { listings: 0, release: () => {} }
  const driver: ProvisioningDriver = {
    name: 'fake',
    create: async () => undefined,
    waitUntilReady: async () => undefined,
    destroy: async () => undefined,
    findDead: () =>
      new Promise((resolve) => {
        state.listings++
        state.release = () => resolve([])
      }),
  }
  return { driver, state }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('the worker checking health on an engine event', () => {
  it('checks at once, and once more after a check in flight, however many events came', async () => {
    const { driver, state } = slowHealthDriver()
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }))
    await worker.start({ healthMs: 600_000 })
    worker.checkHealthNow()
    await tick()
    expect(state.listings).toBe(1)
    worker.checkHealthNow()
    worker.checkHealthNow()
    state.release()
    await tick()
    expect(state.listings).toBe(2)
    state.release()
    await worker.idle()
    expect(state.listings).toBe(2)
    await worker.stop()
  })

  it('does nothing for a worker started without a health check', async () => {
    const { driver, state } = slowHealthDriver()
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }))
    await worker.start()
    worker.checkHealthNow()
    await worker.idle()
    expect(state.listings).toBe(0)
    await worker.stop()
  })
})
