import { z } from '@hono/zod-openapi'
import { parseLabelSelector, SelectorError } from '../labels/label-selector.js'
import { LabelSelectorParam, Labels } from '../labels/labels.schema.js'
import { printableName, printableText } from '../lib/names.js'
import { remember } from './selector-cache.js'
import {
  canonicalCidr,
  MAX_APPLY_TO,
  MAX_RULES,
  MAX_SELECTOR_BYTES,
  MAX_SOURCE_IPS,
  portProblem,
} from './firewall-rules.js'

const SourceIp = z
  .string()
  .transform((text, ctx) => {
    try {
      return canonicalCidr(text)
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message })
      return z.NEVER
    }
  })
  .openapi({ type: 'string', example: '203.0.113.0/24' })

type PortOfRule = { protocol: 'tcp' | 'udp' | 'icmp'; port?: string | null }

function isPortOfRule(value: unknown): value is PortOfRule {
  if (typeof value !== 'object' || value === null) return false
  const { protocol, port } = value as Record<string, unknown>
  return (
    ['tcp', 'udp', 'icmp'].includes(protocol as string) &&
    (port === undefined || port === null || typeof port === 'string')
  )
}

/** Why a rule's `port` does not suit its `protocol`, or undefined when it does. */
function rulePortProblem(rule: PortOfRule): string | undefined {
  if (rule.protocol === 'icmp')
    return rule.port === undefined || rule.port === null ? undefined : 'must be null for icmp'
  if (typeof rule.port !== 'string') return `is required for ${rule.protocol}`
  return portProblem(rule.port)
}

/** One rule as bodies send it; `port` is checked against `protocol`. */
const RuleBody = z
  .strictObject({
    direction: z.enum(['in']).openapi({ description: 'Only incoming traffic for now' }),
    protocol: z.enum(['tcp', 'udp', 'icmp']).openapi({
      description: '`icmp` covers ICMPv6 for IPv6 sources',
    }),
    port: z.string().nullable().optional().openapi({
      description:
        'For tcp and udp: a port `"80"` or a range `"8000-8100"` (1 to 65535); null or absent for icmp',
      example: '443',
    }),
    source_ips: z
      .array(SourceIp)
      .min(1, 'must list at least one address or range (0.0.0.0/0 and ::/0 for everyone)')
      .max(MAX_SOURCE_IPS, `must list at most ${MAX_SOURCE_IPS} addresses or ranges`)
      .superRefine((cidrs, ctx) => {
        cidrs.forEach((cidr, index) => {
          if (cidrs.indexOf(cidr) !== index)
            ctx.addIssue({ code: 'custom', path: [index], message: `lists ${cidr} twice` })
        })
      })
      .openapi({
        description:
          'Addresses or CIDR ranges, IPv4 or IPv6, stored in canonical network form (an address alone is `/32` or `/128`); host bits set are refused',
        example: ['0.0.0.0/0', '::/0'],
      }),
    description: printableText(255)
      .nullable()
      .optional()
      .openapi({ example: 'HTTPS from anywhere' }),
  })
  // Checked even when another field fails, so one answer names every problem; but only once
  // protocol and port are of the right types, which their own fields report otherwise.
  .refine((rule) => rulePortProblem(rule) === undefined, {
    path: ['port'],
    error: (issue) => rulePortProblem(issue.input as PortOfRule),
    when: (payload) => isPortOfRule(payload.value),
  })
  .transform((rule) => ({
    direction: rule.direction,
    protocol: rule.protocol,
    port: rule.port ?? null,
    source_ips: rule.source_ips,
    description: rule.description ?? null,
  }))

const Rules = z
  .array(RuleBody)
  .max(MAX_RULES, `must have at most ${MAX_RULES} rules`)
  .openapi({ description: `At most ${MAX_RULES} rules; traffic any rule allows gets in` })

const selector = z
  .string()
  .superRefine((text, ctx) => {
    try {
      const parsed = parseLabelSelector(text)
      if (parsed.length === 0)
        ctx.addIssue({ code: 'custom', message: 'must not be empty (it would select every node)' })
      // Parsed once, here, on the way in: every read of the stored firewall reuses it.
      else remember(text, parsed)
    } catch (err) {
      if (!(err instanceof SelectorError)) throw err
      ctx.addIssue({ code: 'custom', message: err.message })
    }
  })
  .openapi({
    description: 'Nodes whose labels match (the `label_selector` syntax)',
    example: 'env=prod',
  })

/** One entry of `apply_to`. */
export const ApplyTo = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('node'), node_id: z.string().min(1) }),
    z.strictObject({ type: z.literal('label_selector'), selector }),
  ])
  .openapi('FirewallApplyTo')

export type ApplyTo = z.infer<typeof ApplyTo>

/** The bytes of every selector in `applyTo` together. */
function selectorBytes(applyTo: ApplyTo[]): number {
  return applyTo.reduce(
    (sum, target) =>
      target.type === 'label_selector' ? sum + Buffer.byteLength(target.selector) : sum,
    0
  )
}

const ApplyToList = z
  .array(ApplyTo)
  .max(MAX_APPLY_TO, `must have at most ${MAX_APPLY_TO} entries`)
  .refine((applyTo) => selectorBytes(applyTo) <= MAX_SELECTOR_BYTES, {
    error: (issue) =>
      `its selectors must total at most ${MAX_SELECTOR_BYTES} bytes, not ${selectorBytes(issue.input as ApplyTo[])}`,
  })
  .openapi({
    description: `The nodes the firewall applies to: by id, or by a label selector. At most ${MAX_APPLY_TO} entries, whose selectors total at most ${MAX_SELECTOR_BYTES} bytes`,
  })

const name = printableName(63).openapi({
  description: 'Unique name of the firewall on the account: printable, trimmed, 1 to 63 characters',
  example: 'web',
})

/** The body of `POST /api/v1/firewalls`. Unknown fields are rejected. */
export const CreateFirewallBody = z
  .strictObject({
    name,
    labels: Labels.optional(),
    rules: Rules.optional(),
    apply_to: ApplyToList.optional(),
  })
  .openapi('CreateFirewall')

/** The body of `PATCH /api/v1/firewalls/{id}`: each field given replaces the old one whole. */
export const UpdateFirewallBody = z
  .strictObject({
    name: name.optional(),
    labels: Labels.optional(),
    rules: Rules.optional(),
    apply_to: ApplyToList.optional(),
  })
  .openapi('UpdateFirewall')

/**
 * The paging and filters of `GET /api/v1/firewalls`, paged as `GET /nodes` is: without `limit`
 * every firewall; with it, a plain array still, and a `Link` header with `rel="next"`.
 */
export const FirewallListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().openapi({
    description:
      'Page size: at most this many firewalls, oldest first; the `Link` header (rel="next") gives the next page',
    example: 100,
  }),
  after: z.string().min(1).optional().openapi({
    description: 'Start after this firewall id (the cursor in the `Link` header); with `limit`',
    example: 'fw_3kq2v7b4m5n6p7q8r9s2',
  }),
  label_selector: LabelSelectorParam,
  name: z.string().optional().openapi({ description: 'Only the firewall of this exact name' }),
  node_id: z.string().optional().openapi({
    description: 'Only the firewalls that apply to this node (none for a node not on the account)',
  }),
})

export type FirewallListQuery = z.infer<typeof FirewallListQuery>

/** A rule as records show it: `port` and `description` are always there, null when unset. */
export const FirewallRule = z
  .object({
    direction: z.literal('in'),
    protocol: z.enum(['tcp', 'udp', 'icmp']),
    port: z.string().nullable(),
    source_ips: z.array(z.string()),
    description: z.string().nullable(),
  })
  .openapi('FirewallRule')

export type FirewallRule = z.infer<typeof FirewallRule>

/** A firewall record as every firewall endpoint returns it. */
export const Firewall = z
  .object({
    id: z.string().openapi({ example: 'fw_3kq2v7b4m5n6p7q8r9s2' }),
    name: z.string(),
    labels: Labels,
    rules: z.array(FirewallRule),
    apply_to: z.array(ApplyTo).openapi({
      description: 'As last set, less entries for nodes deleted since',
    }),
    applied_to_nodes: z.array(z.string()).openapi({
      description: 'Ids of the nodes (not deleted) it applies to now, oldest first',
    }),
    created_at: z.iso.datetime(),
  })
  .openapi('Firewall')

export type Firewall = z.infer<typeof Firewall>

export const FirewallIdParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'fw_3kq2v7b4m5n6p7q8r9s2' }),
})
