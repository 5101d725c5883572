import { createRoute, z } from '@hono/zod-openapi'
import { authErrors, bearer, jsonContent as json, problemResponse } from '../http/responses.js'
import { EventPage, EventsQuery, eventId } from './events.schema.js'

export const list = createRoute({
  method: 'get',
  path: '/api/v1/events',
  tags: ['Events'],
  summary: "List or stream the account's events",
  description:
    'JSON pages by default. With `Accept: text/event-stream` the answer is a live Server-Sent Events stream: ' +
    'each event is sent with its `id` and its type as the SSE `event`, a comment line is sent while nothing ' +
    'happens, and a client that reconnects with `Last-Event-ID` (or `cursor`) gets everything after that id. ' +
    'Without either the stream starts with the next event.',
  security: bearer,
  request: {
    query: EventsQuery,
    headers: z.object({
      'last-event-id': eventId('must be the id of an event')
        .optional()
        .openapi({ param: { in: 'header' }, description: 'Streams: resume after this event id' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of events, or the live stream',
      content: { ...json(EventPage), 'text/event-stream': { schema: z.string() } },
    },
    400: problemResponse('An unknown type, a bad cursor or limit, or an unknown query parameter'),
    ...authErrors,
  },
})
