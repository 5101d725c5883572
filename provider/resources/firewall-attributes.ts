/**
 * The firewall family's one API-to-state mapper, shared by `nodeplane_firewall` (which then
 * keeps the written forms of what the API normalizes) and `data.nodeplane_firewall`.
 * @module
 */
import type { ApiFirewall } from '../client/types.js'

/** Every attribute of a firewall record, rules and targets as the API stores them. */
export const firewallAttributes = (fw: ApiFirewall) => ({
  id: fw.id,
  name: fw.name,
  labels: fw.labels,
  applied_to_nodes: fw.applied_to_nodes,
  rule: fw.rules.map((r) => ({
    direction: r.direction,
    protocol: r.protocol,
    port: r.port,
    source_ips: r.source_ips,
    description: r.description,
  })),
  apply_to: fw.apply_to.map((a) => ({
    node_id: a.type === 'node' ? a.node_id : null,
    label_selector: a.type === 'label_selector' ? a.selector : null,
  })),
})
