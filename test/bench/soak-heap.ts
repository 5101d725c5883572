/**
 * The server's JavaScript heap after a full garbage collection, for the soak (soak.ts). RSS
 * alone cannot tell a leak from V8 growing its heap into free memory; the live heap after a
 * collection can. Read through the server's inspector (NODE_OPTIONS `--inspect=127.0.0.1:0`,
 * loopback only, for the soak's own throwaway server): one collection, then
 * `process.memoryUsage()`. With `--heap-snapshots DIR` the soak also has the server write a heap
 * snapshot at each census, to compare in Chrome's DevTools (Memory, Comparison) when the heap
 * grows.
 * @module
 */
import WebSocket from 'ws'

/** What the server's NODE_OPTIONS need for {@link heapAfterGc}. */
export const INSPECT_ENV = { NODE_OPTIONS: '--inspect=127.0.0.1:0' }

/** The server's inspector URL, from the line node prints on stderr when it starts listening. */
function inspectorUrl(stderr: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1]
  if (!url) throw new Error('the server printed no inspector URL: was INSPECT_ENV set?')
  return url
}

/** Sends the DevTools protocol calls in order over one connection; their results in order. */
async function call(url: string, methods: [string, object][]): Promise<unknown[]> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const results: unknown[] = []
  try {
    for (const [index, [method, params]] of methods.entries()) {
      const answer = new Promise<unknown>((resolve) => {
        const listen = (data: WebSocket.RawData) => {
          const message = JSON.parse((data as Buffer).toString()) as {
            id?: number
            result?: unknown
          }
          if (message.id !== index) return
          socket.off('message', listen)
          resolve(message.result)
        }
        socket.on('message', listen)
      })
      socket.send(JSON.stringify({ id: index, method, params }))
      results.push(await answer)
    }
  } finally {
    socket.close()
  }
  return results
}

/** Heap used and external memory (MiB, one decimal) after a full collection. */
export async function heapAfterGc(stderr: string): Promise<{ heap: number; external: number }> {
  const [, evaluated] = await call(inspectorUrl(stderr), [
    ['HeapProfiler.collectGarbage', {}],
    [
      'Runtime.evaluate',
      { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true },
    ],
  ])
  const usage = JSON.parse((evaluated as { result: { value: string } }).result.value) as {
    heapUsed: number
    external: number
  }
  const mib = (bytes: number) => Math.round(bytes / 104857.6) / 10
  return { heap: mib(usage.heapUsed), external: mib(usage.external) }
}

/** Has the server write a heap snapshot to `file` (after a collection, as V8 always does). */
export async function writeHeapSnapshot(stderr: string, file: string): Promise<void> {
  const expression = `process.getBuiltinModule('v8').writeHeapSnapshot(${JSON.stringify(file)})`
  await call(inspectorUrl(stderr), [['Runtime.evaluate', { expression, returnByValue: true }]])
}
