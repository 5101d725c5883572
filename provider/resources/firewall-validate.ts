/**
 * Plan-time checks of a `nodeplane_firewall` configuration: the API's own rules for `port`,
 * `protocol` and `source_ips` (so `tofu plan` refuses what `apply` would), and one target per
 * `apply_to` block. Values not known yet are left for apply.
 * @module
 */
import type { Diagnostics } from '../framework/diagnostics.js'
import { isUnknown } from '../framework/values.js'
import { rulePortProblem, sourceIpProblem } from './firewall-rules.js'

// Values straight from the configuration: any may be null or unknown.
interface RuleConfig {
  direction: unknown
  protocol: unknown
  port: unknown
  source_ips: unknown
}
interface ApplyToConfig {
  node_id: unknown
  label_selector: unknown
}

const PROTOCOLS = ['tcp', 'udp', 'icmp']

function checkRule(d: Diagnostics, r: RuleConfig, i: number): void {
  const at = (field: string, ...rest: number[]) => ['rule', i, field, ...rest]
  if (typeof r.direction === 'string' && r.direction !== 'in')
    d.error(
      'Invalid firewall rule',
      `direction must be "in", not "${r.direction}".`,
      at('direction')
    )
  if (typeof r.protocol === 'string' && !PROTOCOLS.includes(r.protocol))
    d.error(
      'Invalid firewall rule',
      `protocol must be tcp, udp or icmp, not "${r.protocol}".`,
      at('protocol')
    )
  if (typeof r.protocol === 'string' && PROTOCOLS.includes(r.protocol) && !isUnknown(r.port)) {
    const problem = rulePortProblem(r.protocol, (r.port as string | null) ?? null)
    if (problem) d.error('Invalid firewall rule', `port ${problem}.`, at('port'))
  }
  if (!Array.isArray(r.source_ips)) return
  if (r.source_ips.length === 0)
    d.error(
      'Invalid firewall rule',
      'source_ips must list at least one address or range (0.0.0.0/0 and ::/0 for everyone).',
      at('source_ips')
    )
  r.source_ips.forEach((ip: unknown, j) => {
    const problem = typeof ip === 'string' ? sourceIpProblem(ip) : undefined
    if (problem)
      d.error(
        'Invalid firewall rule',
        `source_ips: "${ip as string}" ${problem}.`,
        at('source_ips', j)
      )
  })
}

function checkApplyTo(d: Diagnostics, a: ApplyToConfig, i: number): void {
  const set = [a.node_id, a.label_selector].filter((v) => v !== null && v !== undefined)
  if (set.length !== 1)
    d.error(
      'Invalid apply_to',
      'Each apply_to block sets exactly one of node_id or label_selector.',
      ['apply_to', i]
    )
  if (typeof a.label_selector === 'string' && a.label_selector.trim() === '')
    d.error('Invalid apply_to', 'label_selector must not be empty (it would select every node).', [
      'apply_to',
      i,
      'label_selector',
    ])
}

/** The resource's `validate`: adds an error per problem, on its attribute path. */
export function validateFirewall(
  ctx: { diagnostics: Diagnostics },
  config: { rule: unknown; apply_to: unknown }
): void {
  if (Array.isArray(config.rule))
    (config.rule as unknown[]).forEach((r, i) => {
      if (r !== null && !isUnknown(r)) checkRule(ctx.diagnostics, r as RuleConfig, i)
    })
  if (Array.isArray(config.apply_to))
    (config.apply_to as unknown[]).forEach((a, i) => {
      if (a !== null && !isUnknown(a)) checkApplyTo(ctx.diagnostics, a as ApplyToConfig, i)
    })
}
