/** The advice of the contract for a node provisioning for more than 2 minutes. */
export const STUCK_ADVICE =
  'Stuck: this node has been provisioning for more than 2 minutes and is treated as failed. Delete it and create a new one.'

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
