import type { NodeSpec } from '../../server/provisioning/driver.js'

/** A driver's spec of a made-up node, for worker tests that never reach a database or engine. */
export function testNodeSpec(overrides: Partial<NodeSpec> = {}): NodeSpec {
  return {
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
    ...overrides,
  }
}
