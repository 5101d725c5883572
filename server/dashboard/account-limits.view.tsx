import type { LimitName } from '../quotas/quota-names.js'
import type { AccountLimits } from '../limits/limits.schema.js'
import { CardTable } from './components/card-table.js'

/** How each limit reads on the page, in GET /api/v1/limits's order. */
const LABELS: Record<LimitName, string> = {
  nodes: 'Nodes',
  cpu_cores: 'CPU cores',
  memory_gb: 'Memory (GB)',
  volumes_gb: 'Volumes (GiB)',
  images_gb: 'Images (GiB)',
  floating_ips: 'Floating IPs',
  firewalls: 'Firewalls',
  vpcs: 'VPCs',
}

/** One limit: what the account uses of it, as numbers and as a bar that turns at 80 % and 100 %. */
function LimitRow(props: { name: LimitName; limit: number; used: number }) {
  const { name, limit, used } = props
  return (
    <tr data-limit={name}>
      <td data-label="Limit">{LABELS[name]}</td>
      <td data-label="Used" class="num">
        {used} of {limit}
      </td>
      <td data-label="Usage">
        <meter
          min={0}
          max={Math.max(limit, 1)}
          value={Math.min(used, Math.max(limit, 1))}
          high={limit * 0.8}
          optimum={0}
          aria-label={`${LABELS[name]}: ${used} of ${limit} used`}
        />
      </td>
    </tr>
  )
}

/** The account's limits against what it uses (the Account page). */
export function AccountLimitsSection(props: { limits: AccountLimits['limits'] }) {
  const names = Object.keys(LABELS) as LimitName[]
  return (
    <section aria-labelledby="limits-heading">
      <h2 id="limits-heading">Limits</h2>
      <p class="muted">
        What this account may have at once, and what it has. A creation past a limit is refused; the
        operator sets them (<code>nodeplane accounts limits set</code>).
      </p>
      <CardTable caption="Limits of the account" columns={['Limit', 'Used', 'Usage']}>
        {names.map((name) => (
          <LimitRow name={name} {...props.limits[name]} />
        ))}
      </CardTable>
    </section>
  )
}
