import type { Event } from '../events/events.schema.js'
import { CardTable } from './components/card-table.js'
import { Time } from './components/ui.js'

/** Where an event's resource is shown in the dashboard, if anywhere. */
function resourceHref(event: Event): string | undefined {
  if (event.type.startsWith('node.') || event.type.startsWith('public_ip.'))
    return `/ui/nodes/${event.resource_id}`
  if (event.type.startsWith('vpc.')) return `/ui/vpcs#vpc-${event.resource_id}`
  return undefined
}

function actorText(event: Event): string {
  const { type, id, source_address } = event.actor
  const who =
    type === 'system'
      ? id
        ? `worker ${id}`
        : 'CLI'
      : type === 'api_key'
        ? `key ${id}`
        : type === 'user'
          ? `user ${id}`
          : 'anonymous'
  return source_address ? `${who} from ${source_address}` : who
}

const details = (event: Event) =>
  Object.entries(event.data)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ')

/** A table of events, newest first; `showResource` adds the resource column (Activity page). */
export function EventTable(props: { events: Event[]; showResource?: boolean }) {
  if (props.events.length === 0) return <p class="muted">No events.</p>
  const columns = ['Time', 'Event', ...(props.showResource ? ['Resource'] : []), 'By', 'Details']
  return (
    <CardTable caption="Events" columns={columns} class="events" region>
      {props.events.map((event) => {
        const href = resourceHref(event)
        return (
          <tr data-event-id={String(event.id)}>
            <td data-label="Time">
              <Time iso={event.time} />
            </td>
            <td data-label="Event" class="mono">
              {event.type}
            </td>
            {props.showResource && (
              <td data-label="Resource" class="mono small">
                {href ? <a href={href}>{event.resource_id}</a> : event.resource_id}
              </td>
            )}
            <td data-label="By" class="small">
              {actorText(event)}
            </td>
            <td data-label="Details" class="mono small wrap-anywhere">
              {details(event)}
            </td>
          </tr>
        )
      })}
    </CardTable>
  )
}
