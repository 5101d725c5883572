import { describe, expect, it } from 'vitest'
import { nodeRuleset } from '../../server/provisioning/incus/firewall.js'

/** The verdicts of the node's `public` chain, after what always passes. */
const verdicts = (ruleset: string) => {
  const chain = ruleset.split('chain public {')[1]!.split('}\n')[0]!
  return chain
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(ct state|icmpv6 type|icmp type)/.test(line))
}

describe("an incus node's inbound filter", () => {
  it('is replaced whole in one transaction and filters the public NIC only', () => {
    const ruleset = nodeRuleset(null, 'open')
    expect(ruleset).toMatch(/^table inet nodeplane \{\}\ndelete table inet nodeplane\n/m)
    expect(ruleset).toContain('iifname "eth1" jump public')
    expect(ruleset).toContain('ct state established,related accept')
  })

  it('follows the default ingress when no firewall applies', () => {
    expect(verdicts(nodeRuleset(null, 'open'))).toEqual(['accept'])
    expect(verdicts(nodeRuleset(null, 'ssh-only'))).toEqual(['tcp dport 22 accept', 'drop'])
  })

  it("lets in only what a firewall's rules allow", () => {
    const rules = [{ protocol: 'tcp' as const, port: '80', sourceIps: ['0.0.0.0/0', '::/0'] }]
    expect(verdicts(nodeRuleset(rules, 'open'))).toEqual([
      'ip saddr { 0.0.0.0/0 } tcp dport 80 accept',
      'ip6 saddr { ::/0 } tcp dport 80 accept',
      'drop',
    ])
    expect(verdicts(nodeRuleset([], 'open'))).toEqual(['drop'])
  })
})
