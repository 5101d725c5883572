import { describe, expect, it } from 'vitest'
import type { NodeSpec } from '../../server/provisioning/driver.js'
import {
  instanceName,
  nodeIdOf,
  instanceRequest,
  publicNic,
  vpcNetworkName,
} from '../../server/provisioning/incus/instance.js'
import {
  freeVni,
  preferredVni,
  vpcNetworkConfig,
} from '../../server/provisioning/incus/vpc-network.js'
import { vpcNetworkFile } from '../../server/provisioning/incus/node-setup.js'

const node: NodeSpec = {
  id: 'node_abcdefghij234567abcd',
  accountId: 'acct',
  region: 'lab-1',
  vpcId: '5b0f3c4e-0000-4000-8000-000000000001',
  hostId: 'host',
  privateIp: '10.7.0.5',
  createdAt: new Date(0),
  name: 'web-1',
  size: { cpuCores: 2, memoryGb: 4, storageGb: 20 },
  vpcCidr: '10.7.0.0/16',
  login: { user: 'root', password: 'secret' },
  access: { authorizedKeys: [], passwordLogin: true },
  userData: null,
}
const settings = {
  type: 'container' as const,
  pool: 'default',
  uplink: 'ul0',
  image: 'nodeplane-node-x',
}

describe('the Incus request for a node', () => {
  it('limits the instance to its host record and sizes its root disk on the pool', () => {
    const body = instanceRequest(node, settings, [], 0)
    expect(body).toMatchObject({
      name: 'np-node-abcdefghij234567abcd',
      type: 'container',
      start: false,
      source: { type: 'image', alias: 'nodeplane-node-x' },
      profiles: [],
      config: {
        'limits.cpu': '2',
        'limits.memory': '4GiB',
        'limits.memory.swap': 'false',
        'security.nesting': 'true',
        'security.idmap.isolated': 'true',
        'user.nodeplane.node': node.id,
      },
      devices: {
        root: { type: 'disk', path: '/', pool: 'default', size: '20GiB' },
        eth0: { type: 'nic', name: 'eth0', network: vpcNetworkName(node.vpcId) },
      },
    })
    expect((body.devices as Record<string, unknown>).eth1).toBeUndefined()
  })

  it('asks for a virtual machine without container-only settings where members run VMs', () => {
    const body = instanceRequest(node, { ...settings, type: 'virtual-machine' }, [], 0)
    expect(body.type).toBe('virtual-machine')
    expect((body.config as Record<string, string>)['security.nesting']).toBeUndefined()
    expect((body.config as Record<string, string>)['security.idmap.isolated']).toBeUndefined()
  })

  it('passes the member GPUs to a node on a GPU host', () => {
    const body = instanceRequest(node, settings, [], 1)
    expect((body.devices as Record<string, unknown>).gpu).toEqual({
      type: 'gpu',
      gputype: 'physical',
    })
  })

  it('routes public addresses over the uplink on one NIC', () => {
    expect(publicNic('ul0', ['203.0.113.5/32', '2001:db8:0:1::/64'])).toEqual({
      type: 'nic',
      nictype: 'routed',
      parent: 'ul0',
      name: 'eth1',
      'ipv4.address': '203.0.113.5',
      'ipv4.gateway': 'auto',
      'ipv6.address': '2001:db8:0:1::',
      'ipv6.gateway': 'auto',
    })
    expect(publicNic('ul0', [])).toBeUndefined()
  })

  it('knows its node by config, or by name when Incus answers without the config', () => {
    const name = instanceName(node.id)
    expect(nodeIdOf({ name, config: { 'user.nodeplane.node': node.id } })).toBe(node.id)
    expect(nodeIdOf({ name })).toBe(node.id)
    expect(nodeIdOf({ name: 'someone-elses', config: {} })).toBeUndefined()
  })

  it('names instances and VPC bridges within what Incus and the kernel accept', () => {
    expect(instanceName(node.id)).toMatch(/^[a-z][a-z0-9-]{1,62}$/)
    expect(vpcNetworkName(node.vpcId)).toMatch(/^npv[0-9a-f]{10}$/)
    expect(`${vpcNetworkName(node.vpcId)}-x`.length).toBeLessThanOrEqual(15)
  })

  it('gives the node its private address with the VPC prefix and nothing else', () => {
    const file = vpcNetworkFile(node)
    expect(file).toContain('Name=eth0')
    expect(file).toContain('Address=10.7.0.5/16')
    expect(file).not.toMatch(/DHCP=yes|Gateway/)
  })
})

describe('VPC networks on Incus', () => {
  it('is an addressless bridge joined over VXLAN', () => {
    expect(vpcNetworkConfig(5000, 'ul0', 'vpc-1')).toMatchObject({
      'ipv4.address': 'none',
      'ipv6.address': 'none',
      'tunnel.x.protocol': 'vxlan',
      'tunnel.x.id': '5000',
      'tunnel.x.interface': 'ul0',
      'user.nodeplane.vpc': 'vpc-1',
    })
  })

  it('never gives two VPCs the same VXLAN id, even when their hashes meet', () => {
    const vpc = 'a-vpc'
    const first = preferredVni(vpc)
    expect(freeVni(vpc, new Set())).toBe(first)
    const next = freeVni(vpc, new Set([first, first + 1]))
    expect(next).not.toBe(first)
    expect(next).not.toBe(first + 1)
    expect(next).toBeGreaterThanOrEqual(4096)
    expect(next).toBeLessThan(2 ** 24)
  })
})
