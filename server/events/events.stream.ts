/**
 * The Server-Sent Events form of `GET /api/v1/events`. The stream remembers the last id it
 * sent and, on every wake-up, sends what the log holds after it: the log is the only source,
 * so a stream misses nothing the log has, and a client resuming with `Last-Event-ID` gets
 * exactly what followed.
 * @module
 */
import type { Context } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { Deps } from '../deps.js'
import { watchAccount } from './event-hub.js'
import type { EventsQuery } from './events.schema.js'
import { filterOf } from './events.service.js'
import { findEvents, latestEventId, type EventFilter } from './events.store.js'

const BATCH = 200
/** Browsers' EventSource reconnects after this long when the connection drops. */
const RETRY_MS = 2000

/** Sends every matching event after `lastId`; returns the new last id. */
async function sendNew(
  deps: Deps,
  stream: SSEStreamingApi,
  filter: EventFilter,
  lastId: number
): Promise<number> {
  for (;;) {
    const batch = await findEvents(deps.db, filter, { order: 'oldest', from: lastId, limit: BATCH })
    for (const event of batch) {
      await stream.writeSSE({
        id: String(event.id),
        event: event.type,
        data: JSON.stringify(event),
      })
      lastId = event.id
    }
    if (batch.length < BATCH || stream.aborted) return lastId
  }
}

/** Streams the account's events after `resumeAfter`, else from now on, until either side ends. */
export async function streamEvents(
  c: Context,
  deps: Deps,
  accountId: string,
  query: EventsQuery,
  resumeAfter?: number
) {
  // Fixed before the headers go out: a client that sees the stream open and then causes an
  // event must get that event.
  const start = resumeAfter ?? (await latestEventId(deps.db, accountId))
  return streamSSE(c, async (stream) => {
    const watcher = watchAccount(deps.events, accountId)
    stream.onAbort(() => watcher.close())
    deps.metrics.eventStreams.inc()
    try {
      const heartbeatMs = deps.config.eventHeartbeatSeconds * 1000
      const filter = filterOf(accountId, query)
      let lastId = start
      await stream.write(`retry: ${RETRY_MS}\n\n`)
      let lastWrite = Date.now()
      while (!stream.aborted && !deps.events.closing.aborted) {
        const before = lastId
        lastId = await sendNew(deps, stream, filter, lastId)
        if (lastId !== before) lastWrite = Date.now()
        else if (Date.now() - lastWrite >= heartbeatMs) {
          await stream.write(': heartbeat\n\n')
          lastWrite = Date.now()
        }
        await watcher.next(lastWrite + heartbeatMs)
      }
    } finally {
      deps.metrics.eventStreams.dec()
      watcher.close()
    }
  })
}
