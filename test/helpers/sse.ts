/** One Server-Sent Event as a test sees it. */
export interface SseEvent {
  id?: string
  event?: string
  data: string
  /** When it arrived (Date.now()), for benchmarks. */
  at: number
}

/**
 * A live `text/event-stream` reader: `received` fills as events arrive, `comments` counts
 * comment lines (heartbeats), and `ended` resolves when the server closes the stream.
 */
export interface SseStream {
  status: number
  received: SseEvent[]
  comments: () => number
  ended: Promise<void>
  close(): void
}

function parseBlock(block: string): SseEvent | 'comment' | undefined {
  const event: SseEvent = { data: '', at: Date.now() }
  const data: string[] = []
  let comment = false
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) comment = true
    const [field, ...rest] = line.split(':')
    const value = rest.join(':').replace(/^ /, '')
    if (field === 'id') event.id = value
    else if (field === 'event') event.event = value
    else if (field === 'data') data.push(value)
  }
  if (data.length === 0) return comment ? 'comment' : undefined
  event.data = data.join('\n')
  return event
}

export async function openStream(url: string, headers: Record<string, string>): Promise<SseStream> {
  const controller = new AbortController()
  const res = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  })
  const received: SseEvent[] = []
  let comments = 0
  const ended = (async () => {
    if (!res.body) return
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const parsed = parseBlock(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          if (parsed === 'comment') comments++
          else if (parsed) received.push(parsed)
        }
      }
    } catch (err) {
      if (!controller.signal.aborted) throw err
    }
  })()
  return {
    status: res.status,
    received,
    comments: () => comments,
    ended,
    close: () => controller.abort(),
  }
}
