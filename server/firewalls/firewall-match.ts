/**
 * Which nodes an `apply_to` list selects, decided in memory from the nodes' labels, so that a
 * firewall's nodes, a node's firewalls and the per-node limit all share one reading of it.
 * @module
 */
import { parseLabelSelector, type LabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import type { ApplyTo } from './firewalls.schema.js'

/** A node not deleted, with its labels: what `apply_to` is matched against. */
export interface LabeledNode {
  id: string
  labels: Labels
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

/** Whether any entry of `applyTo` selects `node`. */
export function appliesTo(applyTo: ApplyTo[], node: LabeledNode): boolean {
  return applyTo.some((target) =>
    target.type === 'node'
      ? target.node_id === node.id
      : // Stored selectors were checked on the way in; an empty one never gets stored.
        selectorMatches(parseLabelSelector(target.selector), node.labels)
  )
}

/** The ids of `nodes` (in their order) that `applyTo` selects. */
export function selectedNodes(applyTo: ApplyTo[], nodes: LabeledNode[]): string[] {
  if (applyTo.length === 0) return []
  return nodes.filter((node) => appliesTo(applyTo, node)).map((node) => node.id)
}
