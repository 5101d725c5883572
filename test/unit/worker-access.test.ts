import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { NodeAccess, NodeSpec, ProvisioningDriver } from '../../server/provisioning/driver.js'
import { createWorker, type WorkerHooks } from '../../server/provisioning/worker.js'

const node: NodeSpec = {
  id: 'node_a',
  accountId: 'acct',
  region: 'r',
  vpcId: 'vpc',
  hostId: 'host',
  privateIp: '10.0.0.10',
  createdAt: new Date(0),
  name: null,
  size: { cpuCores: 1, memoryGb: 1, storageGb: 10 },
  vpcCidr: '10.0.0.0/16',
  login: { user: 'root', password: 'pw' },
  access: { authorizedKeys: [], passwordLogin: true },
  userData: null,
}

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
