import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a webhook receiver got. */
export interface Received {
  path: string
  headers: Record<string, string>
  body: string
}

/**
 * A webhook receiver on 127.0.0.1: it records every request and answers each path with the
 * statuses queued for it (`answer(path, 500, 500)`), then 200.
 */
export async function startReceiver() {
  const received: Received[] = []
  const queued = new Map<string, number[]>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      received.push({
        path,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const status = queued.get(path)?.shift() ?? 200
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'no')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    answer(path: string, ...statuses: number[]) {
      queued.set(path, [...(queued.get(path) ?? []), ...statuses])
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
