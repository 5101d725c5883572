/**
 * A server of the release before `wait_for`, to test and measure the clients' fallback: a
 * loopback proxy that refuses the parameter as every server refuses an unknown one (400,
 * naming it), and passes everything else to a real server.
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface OlderServer {
  url: string
  close(): Promise<void>
}

export async function olderServer(target: string): Promise<OlderServer> {
  const relay = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, target)
    if (url.searchParams.has('wait_for')) {
      const errors = [...url.searchParams.keys()]
        .filter((name) => ['wait_for', 'timeout'].includes(name))
        .map((field) => ({ field, message: 'is not a known query parameter' }))
      res.writeHead(400, { 'Content-Type': 'application/problem+json' })
      res.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'unknown',
          code: 'invalid_request',
          errors,
        })
      )
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !['host', 'connection'].includes(name))
    ) as Record<string, string>
    const answer = await fetch(url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    res.writeHead(answer.status, Object.fromEntries(answer.headers))
    res.end(Buffer.from(await answer.arrayBuffer()))
  }
  // A relay that fails ends its connection rather than leaving a rejection nobody handles.
  const proxy: Server = createServer((req, res) => void relay(req, res).catch(() => res.destroy()))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  }
}

/** `GET /nodes/{id}` requests per node in a server's request log (from `from`, an index into it). */
export function statusRequests(logs: Record<string, unknown>[], from = 0): Map<string, number> {
  const counts = new Map<string, number>()
  for (const line of logs.slice(from)) {
    const match =
      line.msg === 'request' && line.method === 'GET'
        ? /^\/nodes\/(node_\w+)$/.exec(String(line.path))
        : null
    if (match) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1)
  }
  return counts
}
