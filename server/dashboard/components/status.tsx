/** The advice of the contract for a node provisioning for more than 2 minutes. */
export const STUCK_ADVICE =
  'Stuck: this node has been provisioning for more than 2 minutes and is treated as failed. Delete it and create a new one.'

/**
 * What a node is, at a glance: its status, except that a running node that is not simply on
 * reads as its power state (`off`, `rebooting`, `rebuilding`), so an off node never shows a
 * green `running`. app.js computes the same (stateOf) while the node changes.
 */
export function nodeState(node: { status: string; power_state: string }): string {
  if (node.status === 'running' && node.power_state !== 'on') return node.power_state
  return node.status
}

/** A node's state (nodeState) as a coloured badge; app.js updates it while the node changes. */
export function StateBadge(props: { node: { status: string; power_state: string } }) {
  const state = nodeState(props.node)
  return (
    <span class={`badge badge-${state}`} data-field="state">
      {state}
    </span>
  )
}

/** A node's status as a coloured badge; app.js updates it while the node changes. */
export function StatusBadge(props: { status: string }) {
  return (
    <span class={`badge badge-${props.status}`} data-field="status">
      {props.status}
    </span>
  )
}

/** The warning shown on stuck nodes; kept in the page (hidden) so polling can reveal it. */
export function StuckWarning(props: { stuck: boolean; compact?: boolean }) {
  return (
    <p class="stuck" data-field="stuck" hidden={!props.stuck}>
      <span class="badge badge-stuck">⚠ stuck</span>{' '}
      {props.compact ? 'Provisioning failed: delete it and create a new one.' : STUCK_ADVICE}
    </p>
  )
}

/** A node's power state (`on`, `off`, `rebooting`, `rebuilding`); app.js updates it live. */
export function PowerBadge(props: { state: string }) {
  return (
    <span class={`badge badge-power-${props.state}`} data-field="power_state">
      {props.state}
    </span>
  )
}
