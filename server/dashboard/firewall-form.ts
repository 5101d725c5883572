/**
 * @module The firewall form's data: what was typed (values), the API body made from it, and
 * the API's field errors mapped back to the rows and boxes they are about. The body is parsed
 * with the API's own schemas by the caller, so the form refuses exactly what the API refuses.
 */
import type { ApplyTo, Firewall } from '../firewalls/firewalls.schema.js'
import type { ProblemError } from '../http/problem.js'
import { fieldLabel } from './components/ui.js'
import { field, rawField, unixLines } from './context.js'
import { labelLines, parseLabelLines } from './labels.js'

/** One row of the rules table as typed. */
export interface RuleRow {
  protocol: string
  port: string
  /** Source addresses or ranges, one a line. */
  sources: string
  description: string
}

/** What the firewall form shows: on a new form, an edit, or again after a refusal. */
export interface FirewallValues {
  name: string
  /** `key=value` lines. */
  labels: string
  rules: RuleRow[]
  /** Ids of the checked nodes. */
  nodes: string[]
  /** Label selectors, one a line. */
  selectors: string
}

export const EMPTY_VALUES: FirewallValues = {
  name: '',
  labels: '',
  rules: [],
  nodes: [],
  selectors: '',
}

const EVERYONE = '0.0.0.0/0\n::/0'

/**
 * A new firewall starts with two real rules, as Hetzner's form does: SSH and ping from
 * everywhere. Values, not placeholders, so what the form shows is what it saves; each has its
 * Remove box.
 */
export const NEW_FIREWALL_VALUES: FirewallValues = {
  ...EMPTY_VALUES,
  rules: [
    { protocol: 'tcp', port: '22', sources: EVERYONE, description: 'SSH' },
    { protocol: 'icmp', port: '', sources: EVERYONE, description: 'ICMP (ping)' },
  ],
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** Every value of a repeated form field, in page order (`parseBody({ all: true })`). */
function all(form: Record<string, unknown>, name: string): string[] {
  const value = form[name]
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return values.map((v) => (typeof v === 'string' ? v : ''))
}

// Blank rows are rendered for new rules; one left as rendered (tcp, nothing typed) is no rule.
const isBlank = (row: RuleRow) =>
  row.protocol === 'tcp' && !row.port && !row.sources.trim() && !row.description

/** The rows of the rules table, less the blank ones and those ticked "Remove". */
function rulesOf(form: Record<string, unknown>): RuleRow[] {
  const [ports, sources, descriptions] = ['rule_port', 'rule_sources', 'rule_description'].map(
    (name) => all(form, name)
  )
  const removed = new Set(all(form, 'rule_remove'))
  return all(form, 'rule_protocol')
    .map((protocol, i) => ({
      protocol,
      port: (ports![i] ?? '').trim(),
      sources: unixLines(sources![i] ?? ''),
      description: (descriptions![i] ?? '').trim(),
    }))
    .filter((row, i) => !removed.has(String(i)) && !isBlank(row))
}

/** The form as posted. */
export function valuesOf(form: Record<string, unknown>): FirewallValues {
  return {
    name: field(form, 'name'),
    labels: unixLines(rawField(form, 'labels')),
    rules: rulesOf(form),
    nodes: all(form, 'apply_node').filter((id) => id !== ''),
    selectors: unixLines(rawField(form, 'apply_selectors')),
  }
}

/** The form showing a firewall as it is, to edit it. */
export function valuesOfFirewall(fw: Firewall): FirewallValues {
  const selectors = fw.apply_to.flatMap((a) => (a.type === 'label_selector' ? [a.selector] : []))
  return {
    name: fw.name,
    labels: labelLines(fw.labels),
    rules: fw.rules.map((rule) => ({
      protocol: rule.protocol,
      port: rule.port ?? '',
      sources: rule.source_ips.join('\n'),
      description: rule.description ?? '',
    })),
    nodes: fw.apply_to.flatMap((a) => (a.type === 'node' ? [a.node_id] : [])),
    selectors: selectors.join('\n'),
  }
}

// The schemas are strict: a key sent as undefined counts as an unknown field.
const defined = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))

/** `apply_to` from the form: the checked nodes, then the selectors in their lines' order. */
function applyToOf(values: FirewallValues): unknown[] {
  return [
    ...values.nodes.map((id) => ({ type: 'node', node_id: id })),
    ...lines(values.selectors).map((selector) => ({ type: 'label_selector', selector })),
  ]
}

/**
 * The API body (create, or a PATCH replacing every field) the form stands for, still to be
 * parsed with the API's schema. Rule `k` of the body is row `k` of `values.rules`, and entry
 * `k` of `apply_to` is node `k`, then selector line `k - nodes`: fieldErrors relies on it.
 */
export function bodyOf(values: FirewallValues): Record<string, unknown> {
  return {
    name: values.name,
    labels: parseLabelLines(values.labels),
    rules: values.rules.map((row) =>
      defined({
        direction: 'in',
        protocol: row.protocol,
        port: row.port || undefined,
        source_ips: lines(row.sources),
        description: row.description || undefined,
      })
    ),
    apply_to: applyToOf(values),
  }
}

/** Whether two `apply_to` lists name the same targets, whatever their order. */
export function sameTargets(a: ApplyTo[], b: ApplyTo[]): boolean {
  const key = (list: ApplyTo[]) => list.map((entry) => JSON.stringify(entry)).sort()
  return JSON.stringify(key(a)) === JSON.stringify(key(b))
}

/** Errors by the form's place: `name`, `labels`, `rules`, `rules.<row>.<field>`, `nodes`, `selectors`. */
export type FormErrors = Map<string, string[]>

function place(values: FirewallValues, fieldPath: string): { key: string; prefix?: string } {
  // A label key may hold dots (`example.com/tier`): everything after `labels.` is the key.
  if (fieldPath.startsWith('labels.')) return { key: 'labels', prefix: `“${fieldPath.slice(7)}”` }
  const [head = '', index, sub, item] = fieldPath.split('.')
  if (head === 'rules' && index !== undefined && sub !== undefined) {
    const sources = lines(values.rules[Number(index)]?.sources ?? '')
    const line = sub === 'source_ips' && item !== undefined ? sources[Number(item)] : undefined
    return { key: `rules.${index}.${sub}`, prefix: line && `“${line}”` }
  }
  if (head === 'apply_to' && index !== undefined) {
    const k = Number(index) - values.nodes.length
    // A node's error names the node itself; a selector's does not, so it gets its line.
    if (k < 0) return { key: 'nodes' }
    return { key: 'selectors', prefix: `“${lines(values.selectors)[k]}”` }
  }
  return { key: head === 'apply_to' ? 'selectors' : head }
}

/** The refusal's field errors, placed beside the boxes they are about. */
export function fieldErrors(values: FirewallValues, problem?: ProblemError): FormErrors {
  const errors: FormErrors = new Map()
  const add = (key: string, message: string) =>
    errors.set(key, [...(errors.get(key) ?? []), message])
  for (const e of problem?.options.errors ?? []) {
    const { key, prefix } = place(values, e.field)
    add(key, prefix ? `${prefix}: ${e.message}` : e.message)
  }
  // A taken name is a 409 with no field list, but it is about the name all the same.
  if (problem?.code === 'firewall_name_taken') add('name', problem.message)
  return errors
}

/** How the form's summary names a field of the API body ("Rule 2 port"). */
export function formFieldLabel(values: FirewallValues, fieldPath: string): string {
  if (fieldPath.startsWith('labels.')) return fieldLabel(fieldPath)
  const { key } = place(values, fieldPath)
  const [head, index, sub] = key.split('.')
  if (head === 'rules' && index !== undefined)
    return `Rule ${Number(index) + 1} ${sub === 'source_ips' ? 'source IPs' : sub}`
  const names: Record<string, string> = {
    name: 'Name',
    labels: 'Labels',
    rules: 'Rules',
    nodes: 'Applies to nodes',
    selectors: 'Applies to label selectors',
  }
  return names[key] ?? fieldPath
}
