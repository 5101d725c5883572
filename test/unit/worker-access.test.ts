import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { NodeAccess, ProvisioningDriver } from '../../server/provisioning/driver.js'
import { testNodeSpec } from '../helpers/node-spec.js'
import { createWorker } from '../../server/provisioning/worker.js'
import type { WorkerHooks } from '../../server/provisioning/worker-api.js'

const node = testNodeSpec()

/** A worker over a driver that records setAccess, with the database's access given by `access`. */
function setUp(access: () => NodeAccess | undefined, onMarkRunning = () => {}) {
  const applied: NodeAccess[] = []
  const driver: ProvisioningDriver = {
    name: 'fake',
    create: async () => undefined,
    waitUntilReady: async () => undefined,
    destroy: async () => undefined,
    setAccess: async (_node, wanted) => void applied.push(wanted),
  }
  const hooks = {
    reserveAutoIpv4: async () => true,
    markRunning: async () => (onMarkRunning(), true),
    publicIps: async () => [],
    access: async () => access(),
  } as unknown as WorkerHooks
  const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }))
  return { worker, applied }
}

const v1: NodeAccess = { authorizedKeys: ['ssh-ed25519 AAAA one'], passwordLogin: true }
const v2: NodeAccess = { authorizedKeys: ['ssh-ed25519 AAAA two'], passwordLogin: false }

describe('the worker applying SSH access as a node comes up', () => {
  it('applies the access the database holds before the node turns running, once', async () => {
    const { worker, applied } = setUp(() => v1)
    worker.track(node)
    await worker.idle()
    expect(applied).toEqual([v1])
  })

  it('applies a change that committed between its sync and the turn to running', async () => {
    let current = v1
    // The PUT commits while the worker marks the node running: it saw `provisioning`.
    const { worker, applied } = setUp(
      () => current,
      () => (current = v2)
    )
    worker.track(node)
    await worker.idle()
    expect(applied).toEqual([v1, v2])
  })
})
