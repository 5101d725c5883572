import type { Child } from 'hono/jsx'

/**
 * What every list shows before its first item: one sentence on what goes here and the
 * control that creates the first one, so an empty page is never a dead end.
 */
export function EmptyState(props: { title: string; children?: Child; action: Child }) {
  return (
    <div class="empty" data-empty-state>
      <p>
        <strong>{props.title}</strong> {props.children}
      </p>
      <div class="empty-action">{props.action}</div>
    </div>
  )
}

/**
 * The empty state's action when the creating form is further down the same page: a jump to
 * its first field (app.js focuses it, so typing can start at once).
 */
export function JumpToForm(props: { field: string; children: Child }) {
  return (
    <a class="button" href={`#${props.field}`} data-focus-target>
      {props.children}
    </a>
  )
}
