import { describe, expect, it } from 'vitest'
import {
  ingressTransaction,
  outermost,
  ruleStatements,
} from '../../server/provisioning/network/ingress-rules.js'
import { ingressOf } from '../../server/firewalls/firewall-sync.js'

describe('ingress rules as nft text', () => {
  it('writes a port, a range and every port of tcp and udp', () => {
    const v4 = ['0.0.0.0/0']
    expect(ruleStatements({ protocol: 'tcp', port: '22', sourceIps: v4 })).toEqual([
      'ip saddr { 0.0.0.0/0 } tcp dport 22 accept',
    ])
    expect(ruleStatements({ protocol: 'udp', port: '8000-8100', sourceIps: v4 })).toEqual([
      'ip saddr { 0.0.0.0/0 } udp dport 8000-8100 accept',
    ])
    expect(ruleStatements({ protocol: 'tcp', port: null, sourceIps: v4 })).toEqual([
      'ip saddr { 0.0.0.0/0 } meta l4proto tcp accept',
    ])
  })

  it('splits sources by family, one statement each', () => {
    const rule = {
      protocol: 'tcp' as const,
      port: '443',
      sourceIps: ['2001:db8::/32', '203.0.113.7/32'],
    }
    expect(ruleStatements(rule)).toEqual([
      'ip saddr { 203.0.113.7/32 } tcp dport 443 accept',
      'ip6 saddr { 2001:db8::/32 } tcp dport 443 accept',
    ])
  })

  it('makes icmp ICMPv6 for IPv6 sources', () => {
    const rule = { protocol: 'icmp' as const, port: null, sourceIps: ['0.0.0.0/0', '::/0'] }
    expect(ruleStatements(rule)).toEqual([
      'ip saddr { 0.0.0.0/0 } meta l4proto icmp accept',
      'ip6 saddr { ::/0 } meta l4proto ipv6-icmp accept',
    ])
  })

  it('leaves out ranges inside another, which nft refuses in one set', () => {
    expect(
      outermost(['10.1.0.0/16', '10.0.0.0/8', '192.0.2.1/32', '2001:db8::/64', '::/0'])
    ).toEqual(['10.0.0.0/8', '192.0.2.1/32', '::/0'])
  })

  it('fills a node chain that ends in drop and points the map at it', () => {
    const text = ingressTransaction('pabc', [
      { protocol: 'tcp', port: '22', sourceIps: ['0.0.0.0/0'] },
    ])
    const lines = text.trim().split('\n')
    expect(lines.slice(0, 2)).toEqual([
      'add chain inet nodeplane in-pabc',
      'flush chain inet nodeplane in-pabc',
    ])
    expect(lines).toContain(
      'add rule inet nodeplane in-pabc icmpv6 type { destination-unreachable, packet-too-big, time-exceeded, parameter-problem } accept'
    )
    expect(lines.slice(-3)).toEqual([
      'add rule inet nodeplane in-pabc ip saddr { 0.0.0.0/0 } tcp dport 22 accept',
      'add rule inet nodeplane in-pabc drop',
      'add element inet nodeplane ingress { "pabc" : jump in-pabc }',
    ])
  })

  it('removes the chain and its element when no firewall applies, even if absent', () => {
    expect(ingressTransaction('pabc', null).trim().split('\n')).toEqual([
      'add chain inet nodeplane in-pabc',
      'flush chain inet nodeplane in-pabc',
      'add element inet nodeplane ingress { "pabc" : jump in-pabc }',
      'delete element inet nodeplane ingress { "pabc" }',
      'delete chain inet nodeplane in-pabc',
    ])
  })

  it('an empty firewall drops everything; no firewall is null', () => {
    const firewall = { rules: [] } as unknown as Parameters<typeof ingressOf>[0][number]
    expect(ingressOf([firewall])).toEqual([])
    expect(ingressOf([])).toBeNull()
    expect(ingressTransaction('pabc', [])).toContain('add rule inet nodeplane in-pabc drop')
  })
})
