import { describe, expect, it } from 'vitest'
import {
  bodyOf,
  fieldErrors,
  formFieldLabel,
  valuesOf,
} from '../../server/dashboard/firewall-form.js'
import { CreateFirewallBody } from '../../server/firewalls/firewalls.schema.js'
import { ProblemError } from '../../server/http/problem.js'
import { parseInput } from '../../server/http/router.js'

/** The form as `parseBody({ all: true })` gives it: two rule rows, the second left blank. */
const posted = {
  name: ' web ',
  labels: 'example.com/tier=web\r\n',
  rule_protocol: ['udp', 'tcp', 'icmp'],
  rule_port: ['53', '', ''],
  rule_sources: ['10.0.0.0/8\r\n\r\n10.1.2.3/33', '', '::/0'],
  rule_description: ['dns', '', ''],
  rule_remove: '2',
  apply_node: 'node_a',
  apply_selectors: 'env=prod\r\nenv in (prod',
}

function refusal(values: ReturnType<typeof valuesOf>): ProblemError {
  try {
    parseInput(CreateFirewallBody, bodyOf(values))
  } catch (err) {
    return err as ProblemError
  }
  throw new Error('the body was accepted')
}

describe('the firewall form', () => {
  it('drops blank and removed rows and reads one source and one selector a line', () => {
    const values = valuesOf(posted)
    expect(values.rules).toEqual([
      { protocol: 'udp', port: '53', sources: '10.0.0.0/8\n\n10.1.2.3/33', description: 'dns' },
    ])
    expect(bodyOf(values)).toMatchObject({
      name: 'web',
      labels: { 'example.com/tier': 'web' },
      rules: [{ protocol: 'udp', port: '53', source_ips: ['10.0.0.0/8', '10.1.2.3/33'] }],
      apply_to: [
        { type: 'node', node_id: 'node_a' },
        { type: 'label_selector', selector: 'env=prod' },
        { type: 'label_selector', selector: 'env in (prod' },
      ],
    })
  })

  it("places the API's errors beside the source line and the selector line they are about", () => {
    const values = valuesOf(posted)
    const problem = refusal(values)
    const errors = fieldErrors(values, problem)
    expect(errors.get('rules.0.source_ips')?.[0]).toMatch(/^“10\.1\.2\.3\/33”: must be an IPv4/)
    expect(errors.get('selectors')?.[0]).toMatch(/^“env in \(prod”: /)
    expect(formFieldLabel(values, 'rules.0.source_ips.1')).toBe('Rule 1 source IPs')
    expect(formFieldLabel(values, 'apply_to.2.selector')).toBe('Applies to label selectors')
    expect(formFieldLabel(values, 'labels.example.com/tier')).toBe('Label “example.com/tier”')
  })

  it('puts a taken name beside the name', () => {
    const taken = new ProblemError(409, 'firewall_name_taken', 'a firewall named web exists')
    expect(fieldErrors(valuesOf(posted), taken).get('name')).toEqual([
      'a firewall named web exists',
    ])
  })
})
