/**
 * Which nodes an `apply_to` list selects, decided in memory from the nodes' labels, so that a
 * firewall's nodes, a node's firewalls and the per-node limit all share one reading of it.
 * Each list is compiled once (its selectors already parsed, selector-cache.ts) and then
 * matched against every node: nothing is parsed per (firewall, node) pair.
 * @module
 */
import type { LabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import type { ApplyTo } from './firewalls.schema.js'
import { parsedSelector } from './selector-cache.js'

/** A node not deleted, with its labels: what `apply_to` is matched against. */
export interface LabeledNode {
  id: string
  labels: Labels
}

/** An `apply_to` ready to match: the node ids it names and its parsed selectors. */
export interface CompiledApplyTo {
  nodeIds: Set<string>
  selectors: LabelSelector[]
}

/** Whether `labels` meet every requirement of `selector` (the semantics of labels.store's SQL). */
export function selectorMatches(selector: LabelSelector, labels: Labels): boolean {
  return selector.every((requirement) => {
    const has = Object.hasOwn(labels, requirement.key)
    switch (requirement.op) {
      case 'exists':
        return has
      case 'absent':
        return !has
      case 'in':
        return has && requirement.values.includes(labels[requirement.key]!)
      case 'notin':
        return !(has && requirement.values.includes(labels[requirement.key]!))
    }
  })
}

/** `applyTo` compiled for matching; stored selectors were checked on the way in. */
export function compileApplyTo(applyTo: ApplyTo[]): CompiledApplyTo {
  const compiled: CompiledApplyTo = { nodeIds: new Set(), selectors: [] }
  for (const target of applyTo) {
    if (target.type === 'node') compiled.nodeIds.add(target.node_id)
    else compiled.selectors.push(parsedSelector(target.selector))
  }
  return compiled
}

/** Whether a compiled `apply_to` selects `node`. */
export function compiledAppliesTo(compiled: CompiledApplyTo, node: LabeledNode): boolean {
  return (
    compiled.nodeIds.has(node.id) ||
    compiled.selectors.some((selector) => selectorMatches(selector, node.labels))
  )
}

/** Whether any entry of `applyTo` selects `node`. */
export function appliesTo(applyTo: ApplyTo[], node: LabeledNode): boolean {
  return compiledAppliesTo(compileApplyTo(applyTo), node)
}

/** The ids of `nodes` (in their order) that `applyTo` selects. */
export function selectedNodes(applyTo: ApplyTo[], nodes: LabeledNode[]): string[] {
  if (applyTo.length === 0 || nodes.length === 0) return []
  const compiled = compileApplyTo(applyTo)
  return nodes.filter((node) => compiledAppliesTo(compiled, node)).map((node) => node.id)
}
