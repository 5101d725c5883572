import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { EVENT_TYPES, EventsQuery } from '../events/events.schema.js'
import { listEvents } from '../events/events.service.js'
import { EmptyState } from './components/empty-state.js'
import { Field } from './components/ui.js'
import { field, sessionOf, type DashEnv } from './context.js'
import { EventTable } from './events.view.js'
import { renderPage } from './render.js'

/** Nothing to show: with filters the way out is clearing them, else making something happen. */
function NoEvents(props: { filtered: boolean }) {
  if (props.filtered) {
    const action = (
      <a class="button" href="/ui/activity">
        Show all events
      </a>
    )
    return <EmptyState title="No event matches these filters." action={action} />
  }
  const action = (
    <a class="button" href="/ui/nodes/new">
      Create your first node
    </a>
  )
  return (
    <EmptyState title="No events yet." action={action}>
      Everything that changes in the account (nodes, addresses, VPCs, keys, logins) is listed here.
    </EmptyState>
  )
}

/** Activity: `/ui/activity`, the account's events, filterable by type and resource, newest first. */
export function activityRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  app.get('/ui/activity', async (c) => {
    const query = c.req.query()
    const type = EVENT_TYPES.find((known) => known === query.type)
    const resource = field(query, 'resource_id')
    const cursor = /^\d{1,15}$/.test(query.cursor ?? '') ? query.cursor : undefined
    const page = await listEvents(
      deps,
      sessionOf(c).user.accountId,
      EventsQuery.parse({ type, resource_id: resource || undefined, cursor, limit: 50 })
    )
    const older = new URLSearchParams({
      ...(type ? { type } : {}),
      ...(resource ? { resource_id: resource } : {}),
    })
    if (page.next_cursor) older.set('cursor', page.next_cursor)
    const body = (
      <>
        <h1>Activity</h1>
        <form
          method="get"
          action="/ui/activity"
          class="grid-form"
          role="search"
          aria-label="Filter events"
        >
          <Field id="type" label="Event">
            <select id="type" name="type">
              <option value="">All events</option>
              {EVENT_TYPES.map((known) => (
                <option value={known} selected={known === type}>
                  {known}
                </option>
              ))}
            </select>
          </Field>
          <Field id="resource_id" label="Resource id">
            <input
              id="resource_id"
              name="resource_id"
              value={resource}
              placeholder="node_…, a VPC id, key_…"
            />
          </Field>
          <div class="actions">
            <button type="submit">Filter</button>
          </div>
        </form>
        {page.events.length === 0 ? (
          <NoEvents filtered={!!(type || resource)} />
        ) : (
          <EventTable events={page.events} showResource />
        )}
        {page.next_cursor && (
          <p>
            <a href={`/ui/activity?${older}`}>Older events</a>
          </p>
        )}
      </>
    )
    return renderPage(c, { title: 'Activity', nav: 'activity', body })
  })
  return app
}
