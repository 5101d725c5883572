import { describe, expect, it } from 'vitest'
import * as server from '../../server/firewalls/firewall-rules.js'
import {
  canonicalSourceIp,
  portProblem,
  rulePortProblem,
  sourceIpAsWritten,
} from '../../provider/resources/firewall-rules.js'
import { validateFirewall } from '../../provider/resources/firewall-validate.js'
import { Diagnostics } from '../../provider/framework/diagnostics.js'
import { unknown } from '../../provider/framework/values.js'

const PORTS = [
  '1',
  '80',
  '65535',
  '8000-8100',
  '443-443',
  '0',
  '080',
  '65536',
  '100-99',
  ' 80',
  '80-',
  'http',
  '',
]
const ADDRESSES = [
  '0.0.0.0/0',
  '::/0',
  '192.0.2.7',
  '2001:DB8:0:0::/32',
  '2001:db8::1',
  '10.0.0.1/8',
  'fe80::1%eth0/64',
  '::ffff:192.0.2.1/128',
  '1',
  '0x7f.0.0.1/32',
  '1.2.3.4/33',
  '1.2.3.4/08',
  '',
]

const outcome = (f: () => string) => {
  try {
    return { value: f() }
  } catch (err) {
    return { error: (err as Error).message }
  }
}

describe("the provider's plan-time firewall checks", () => {
  it.each(PORTS)('answer the port %j as the API does', (port) =>
    expect(portProblem(port)).toBe(server.portProblem(port))
  )

  it.each(ADDRESSES)('answer the source address %j as the API does', (ip) =>
    expect(outcome(() => canonicalSourceIp(ip))).toEqual(outcome(() => server.canonicalCidr(ip)))
  )

  it('require a port for tcp and udp and refuse one for icmp', () => {
    expect(rulePortProblem('tcp', null)).toBe('is required for tcp')
    expect(rulePortProblem('udp', '53')).toBeUndefined()
    expect(rulePortProblem('icmp', null)).toBeUndefined()
    expect(rulePortProblem('icmp', '8')).toBe('must be left out for icmp')
  })

  it('keep a written address when the API stores its canonical form, and the API form on a real change', () => {
    expect(sourceIpAsWritten('192.0.2.7/32', '192.0.2.7')).toBe('192.0.2.7')
    expect(sourceIpAsWritten('2001:db8::/32', '2001:DB8:0::/32')).toBe('2001:DB8:0::/32')
    expect(sourceIpAsWritten('192.0.2.8/32', '192.0.2.7')).toBe('192.0.2.8/32')
    expect(sourceIpAsWritten('192.0.2.7/32', undefined)).toBe('192.0.2.7/32')
  })

  it('put each problem on its attribute path and leave unknown values for apply', () => {
    const d = new Diagnostics()
    validateFirewall(
      { diagnostics: d },
      {
        rule: [
          { direction: null, protocol: 'tcp', port: '080', source_ips: ['0.0.0.0/0'] },
          { direction: null, protocol: 'icmp', port: unknown, source_ips: [unknown, '10.0.0.1/8'] },
          { direction: 'out', protocol: 'sctp', port: null, source_ips: [] },
        ],
        apply_to: [
          { node_id: unknown, label_selector: null },
          { node_id: 'node_x', label_selector: 'env=prod' },
          { node_id: null, label_selector: ' ' },
        ],
      }
    )
    expect(d.items.map((i) => i.path)).toEqual([
      ['rule', 0, 'port'],
      ['rule', 1, 'source_ips', 1],
      ['rule', 2, 'direction'],
      ['rule', 2, 'protocol'],
      ['rule', 2, 'source_ips'],
      ['apply_to', 1],
      ['apply_to', 2, 'label_selector'],
    ])
  })
})
