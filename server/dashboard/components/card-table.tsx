import type { Child } from 'hono/jsx'

/** A column's heading; `hidden` keeps it for screen readers only (a row's actions menu). */
export type Column = string | { label: string; hidden: true }

/**
 * A list table that is a real <table> on a laptop and one card per row on a phone
 * (`table.cards` in app.css): each <td> carries its column's heading in `data-label`, which
 * the card shows before the value, so a row fits 390 px without sideways scrolling.
 *
 * `region` makes the scrolling box focusable and named, so a keyboard can scroll a table
 * that is still wider than a small laptop's window. `pollUrl` is where app.js polls for the
 * rows' status (the nodes table).
 */
export function CardTable(props: {
  caption: string
  columns: Column[]
  class?: string
  region?: boolean
  pollUrl?: string
  children: Child
}) {
  const region = props.region ? { tabindex: 0, role: 'region', 'aria-label': props.caption } : {}
  return (
    <div class="table-scroll" {...region}>
      <table class={`cards ${props.class ?? ''}`.trim()} data-poll-url={props.pollUrl}>
        <caption class="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) =>
              typeof column === 'string' ? (
                <th scope="col">{column}</th>
              ) : (
                <th scope="col">
                  <span class="visually-hidden">{column.label}</span>
                </th>
              )
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  )
}

/** The heading of a column of row actions: read by screen readers, shown on a phone's card. */
export const ACTIONS: Column = { label: 'Actions', hidden: true }
