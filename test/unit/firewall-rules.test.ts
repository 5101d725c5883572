import { describe, expect, it } from 'vitest'
import {
  selectedNodes,
  selectorMatches,
  type LabeledNode,
} from '../../server/firewalls/firewall-match.js'
import { canonicalCidr, portProblem } from '../../server/firewalls/firewall-rules.js'
import { parseLabelSelector } from '../../server/labels/label-selector.js'

describe('canonicalCidr', () => {
  it.each([
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['::/0', '::/0'],
    ['203.0.113.0/24', '203.0.113.0/24'],
    ['192.0.2.7', '192.0.2.7/32'],
    ['2001:DB8:0:0::/32', '2001:db8::/32'],
    ['2001:db8::1', '2001:db8::1/128'],
  ])('writes %s as %s', (input, output) => expect(canonicalCidr(input)).toBe(output))

  it.each([
    ['10.0.0.1/8', 'has host bits set; the network is 10.0.0.0/8'],
    ['2001:db8::1/32', 'has host bits set; the network is 2001:db8::/32'],
    ['fe80::1%eth0/64', 'must not carry an IPv6 zone'],
    ['::ffff:192.0.2.1/128', 'is an IPv4-mapped IPv6 address; write the IPv4 form instead'],
  ])('refuses %s: %s', (input, message) => expect(() => canonicalCidr(input)).toThrow(message))

  it.each(['', '1', '0x7f.0.0.1/32', '1.2.3.4/33', '::/129', '1.2.3.4/08', ' 1.2.3.4', '1.2.3.4/'])(
    'refuses %j as no address or range',
    (input) => expect(() => canonicalCidr(input)).toThrow('must be an IPv4 or IPv6 address')
  )
})

describe('portProblem', () => {
  it.each(['1', '80', '65535', '8000-8100', '1-65535', '443-443'])('takes %s', (port) =>
    expect(portProblem(port)).toBeUndefined()
  )

  it.each([
    ['0', 'decimal'],
    ['080', 'decimal'],
    ['65536', '1 to 65535'],
    ['1-65536', '1 to 65535'],
    ['8100-8000', 'must not end below its start'],
    ['80,443', 'decimal'],
    [' 80', 'decimal'],
    ['80-', 'decimal'],
  ])('refuses %j (%s)', (port, message) => expect(portProblem(port)).toContain(message))
})

describe('selectorMatches', () => {
  const labels = { env: 'prod', tier: 'web', empty: '' }
  it.each([
    ['env=prod', true],
    ['env==prod', true],
    ['env=dev', false],
    ['env!=dev', true],
    ['missing!=x', true],
    ['env', true],
    ['!env', false],
    ['!missing', true],
    ['tier in (web,api)', true],
    ['tier notin (web,api)', false],
    ['missing notin (a)', true],
    ['missing in (a)', false],
    ['empty=', true],
    ['env=prod,tier=api', false],
  ])('%s on env=prod,tier=web,empty= is %s', (selector, expected) =>
    expect(selectorMatches(parseLabelSelector(selector), labels)).toBe(expected)
  )

  it('selects nodes by id and by selector, in the nodes order, each once', () => {
    const nodes: LabeledNode[] = [
      { id: 'a', labels: { env: 'prod' } },
      { id: 'b', labels: {} },
      { id: 'c', labels: { env: 'prod' } },
    ]
    const applyTo = [
      { type: 'node' as const, node_id: 'c' },
      { type: 'label_selector' as const, selector: 'env=prod' },
    ]
    expect(selectedNodes(applyTo, nodes)).toEqual(['a', 'c'])
    expect(selectedNodes([], nodes)).toEqual([])
  })
})
