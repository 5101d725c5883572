/**
 * A JSON array sent a few elements at a time, with a turn of the event loop between: a list
 * of a megabyte is neither encoded nor written to the socket in one piece, which would hold
 * every other request (another account's) back for as long.
 * @module
 */
import type { Context, TypedResponse } from 'hono'
import { setImmediate as yieldToOthers } from 'node:timers/promises'

/** Elements encoded per turn: one firewall of a list at the caps is about 20 KiB. */
const ELEMENTS_PER_TURN = 1

/** `items` as the body of a JSON array, element by element. */
export function jsonArrayStream(items: readonly unknown[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let next = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next > 0) await yieldToOthers()
      const end = Math.min(items.length, next + ELEMENTS_PER_TURN)
      let text = next === 0 ? '[' : ''
      for (; next < end; next++) text += (next === 0 ? '' : ',') + JSON.stringify(items[next])
      if (next === items.length) {
        controller.enqueue(encoder.encode(`${text}]`))
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(text))
    },
  })
}

/**
 * A 200 answering `items` as a JSON array streamed by jsonArrayStream, typed as `c.json` would
 * type it, so the route's declared response still checks what the handler sends.
 */
export function streamedJson<T>(
  c: Context,
  items: T[],
  headers: Record<string, string> = {}
): Response & TypedResponse<T[], 200, 'json'> {
  const body = c.body(jsonArrayStream(items), 200, {
    ...headers,
    'Content-Type': 'application/json',
  })
  return body as unknown as Response & TypedResponse<T[], 200, 'json'>
}
