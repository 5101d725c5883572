import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { formatMicros, formatPrice } from '../lib/money.js'
import { billingOf, type Billing, type DayCost } from './billing.data.js'
import { CardTable } from './components/card-table.js'
import { Time, Truncated } from './components/ui.js'
import { sessionOf, type DashEnv } from './context.js'
import { renderPage } from './render.js'

/**
 * Cost per day as bars, drawn on the server (no script, no chart library). The same figures
 * are in the table below it, for screen readers and for copying.
 */
function DailyChart(props: { days: DayCost[]; currency: string }) {
  const width = 24
  const height = 120
  const top = Math.max(...props.days.map((day) => day.micros), 1)
  return (
    <svg
      class="chart"
      viewBox={`0 0 ${props.days.length * width} ${height + 16}`}
      role="img"
      aria-labelledby="chart-title"
    >
      <title id="chart-title">Cost per day this month, in {props.currency}</title>
      {props.days.map((day, index) => {
        const bar = Math.round((day.micros / top) * height)
        return (
          <g>
            <rect
              x={index * width + 3}
              y={height - bar}
              width={width - 6}
              height={Math.max(bar, day.micros > 0 ? 1 : 0)}
            >
              <title>
                {day.date}: {formatMicros(day.micros)} {props.currency}
              </title>
            </rect>
            <text x={index * width + width / 2} y={height + 13} text-anchor="middle">
              {Number(day.date.slice(8))}
            </text>
          </g>
        )
      })}
    </svg>
  )
}

function BillingPage(props: { billing: Billing }) {
  const { usage, days, rate } = props.billing
  const currency = usage.currency
  return (
    <>
      <h1>Billing</h1>
      <p class="muted">
        Per-second billing at each node's price locked at creation, this month (UTC) from{' '}
        <Time iso={usage.from} /> until now. The same figures come from{' '}
        <code>GET /api/v1/usage</code>.
      </p>
      <dl class="figures">
        <div>
          <dt>This month so far</dt>
          <dd data-figure="month">
            {/* As precise as the per-node costs below, which it adds up. */}
            {usage.total_cost} {currency}
          </dd>
        </div>
        <div>
          <dt>Running now</dt>
          <dd data-figure="rate">
            {formatPrice(rate.hourly, 4)} {currency}/hour · {formatPrice(rate.monthly, 2)}{' '}
            {currency}/month
          </dd>
          <dd class="muted">
            {rate.nodes} {rate.nodes === 1 ? 'node' : 'nodes'} billed now
          </dd>
        </div>
      </dl>
      <section aria-labelledby="daily-heading">
        <h2 id="daily-heading">Per day</h2>
        <DailyChart days={days} currency={currency} />
        <details>
          <summary>Per day as a table</summary>
          <CardTable caption="Cost per day" columns={['Day (UTC)', `Cost (${currency})`]}>
            {days.map((day) => (
              <tr>
                <td data-label="Day (UTC)">{day.date}</td>
                <td data-label={`Cost (${currency})`} class="num">
                  {formatMicros(day.micros)}
                </td>
              </tr>
            ))}
          </CardTable>
        </details>
      </section>
      <section aria-labelledby="per-node-heading">
        <h2 id="per-node-heading">Per node</h2>
        {usage.nodes.length === 0 ? (
          <p class="empty">
            No node was billed this month. <a href="/ui/nodes/new">Create a node</a>
          </p>
        ) : (
          <CardTable
            caption="Cost per node"
            columns={['Node', 'Status', 'Price per hour', 'Hours billed', `Cost (${currency})`]}
          >
            {usage.nodes.map((node) => (
              <tr data-node-id={node.node_id}>
                <td data-label="Node">
                  {node.status === 'deleted' ? (
                    <Truncated text={node.name ?? node.node_id} />
                  ) : (
                    <a href={`/ui/nodes/${node.node_id}`}>
                      <Truncated text={node.name ?? node.node_id} />
                    </a>
                  )}
                </td>
                <td data-label="Status">{node.status}</td>
                <td data-label="Price per hour" class="num">
                  {node.hourly_price}
                </td>
                <td data-label="Hours billed" class="num">
                  {/* Four places: a few seconds, billed, do not read as 0.00. */}
                  {(node.seconds / 3600).toFixed(4)}
                </td>
                <td data-label={`Cost (${currency})`} class="num">
                  {node.cost}
                </td>
              </tr>
            ))}
          </CardTable>
        )}
      </section>
    </>
  )
}

/** `/ui/billing`: what the account costs this month, per day and per node, and its rate now. */
export function billingRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  app.get('/ui/billing', async (c) => {
    const billing = await billingOf(deps, sessionOf(c).user.accountId)
    return renderPage(c, {
      title: 'Billing',
      nav: 'billing',
      body: <BillingPage billing={billing} />,
    })
  })
  return app
}
