import type { Child } from 'hono/jsx'

/**
 * A row's actions behind one "Actions" control: a <details> disclosure, so it opens with the
 * keyboard (Enter or Space on the summary, Tab through the items) and works without any
 * script; app.js only closes it on Escape or a click elsewhere. The items stay in the flow of
 * the cell, so a scrolling table or a phone's card never cuts them off.
 */
export function RowMenu(props: { label: string; children: Child }) {
  return (
    <details class="row-menu" data-row-menu>
      <summary>
        Actions<span class="visually-hidden"> for {props.label}</span>
      </summary>
      <ul class="row-menu-items">{props.children}</ul>
    </details>
  )
}
