import WebSocket from 'ws'

/** A console socket as a client program uses it: the protocol of POST /api/v1/nodes/{id}/console. */
export interface ConsoleClient {
  /** Everything the shell printed so far, decoded. */
  output(): string
  /** Types `text` (a binary frame of raw bytes). */
  type(text: string): void
  resize(cols: number, rows: number): void
  /** Resolves once `pattern` shows in the output; the output after the match is left. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>
  /** Bytes sent but not yet taken by the server (kept back while it does not read). */
  bufferedAmount(): number
  /** The close code and reason once the server closed the socket. */
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

/**
 * Connects to a console URL and sends `password` as the first frame; rejects when the
 * handshake is refused (a used or expired URL: an HTTP 403). `ca` is trusted for a `wss://` URL;
 * `localAddress` is the address to connect from (another loopback address than the one that
 * asked for the URL, say).
 */
export function connectConsole(
  url: string,
  password: string,
  options: { ca?: string; localAddress?: string } = {}
): Promise<ConsoleClient> {
  const ws = new WebSocket(url, options)
  let output = ''
  ws.on('message', (data: Buffer) => (output += data.toString('utf8')))
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  )
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`console handshake refused: ${res.statusCode}`))
    )
    ws.once('error', reject)
    ws.once('open', () => {
      ws.send(password)
      resolve({
        output: () => output,
        type: (text) => ws.send(Buffer.from(text), { binary: true }),
        resize: (cols, rows) => ws.send(JSON.stringify({ resize: [cols, rows] })),
        async waitFor(pattern, timeoutMs = 15_000) {
          const deadline = Date.now() + timeoutMs
          for (;;) {
            const match = output.match(pattern)
            if (match) return match
            if (Date.now() > deadline)
              throw new Error(`no ${pattern} in the console: ${JSON.stringify(output.slice(-400))}`)
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        },
        bufferedAmount: () => ws.bufferedAmount,
        closed,
        close: () => ws.close(),
      })
    })
  })
}
