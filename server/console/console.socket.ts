/**
 * The console WebSocket, served on the HTTP server's `upgrade` beside the API. A connection
 * uses up its URL's ticket before the handshake completes (a second one is refused), then
 * speaks the protocol of `POST /api/v1/nodes/{id}/console`: the first text frame is the
 * password; after it, binary frames carry raw terminal bytes both ways and text frames
 * `{"resize":[cols,rows]}`.
 * @module
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { Deps } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { liveNodeOr404 } from '../nodes/nodes.lookup.js'
import type { ConsoleSession } from '../provisioning/driver.js'
import { ResizeFrame } from './console.schema.js'
import { claimTicket, passwordMatches, recordConsoleEvent } from './console.service.js'
import type { ConsoleTicketRow } from './console-tickets.table.js'

const SOCKET_PATH = /^\/api\/v1\/nodes\/([^/]+)\/console\/socket$/
/** How long a connection may take to send its password. */
const PASSWORD_WAIT_MS = 10_000
/** The terminal's size until the client's first resize. */
const FIRST_SIZE = { cols: 80, rows: 24 }
/** Output waits while this much is still unsent to a slow client. */
const HIGH_WATER_BYTES = 1024 * 1024
/** A client that answers no ping within this long is gone (a closed laptop). */
const PING_MS = 30_000

/** Close codes of our own (4000-4999 are the application's, RFC 6455). */
export const CLOSE = { wrongPassword: 4001, nodeGone: 4004, unavailable: 4009 } as const

/** A raw HTTP answer on a socket that asked for an upgrade it does not get. */
function refuse(socket: Duplex, status: 403 | 404 | 503, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/**
 * Serves console sockets on `server`; `close` ends every session (an orderly stop). Other
 * upgrade requests are answered 404.
 */
export function attachConsoleSockets(server: Server, deps: Deps): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined)
    void upgrade(req, socket, head).catch((err: unknown) => {
      deps.log.error({ err }, 'console upgrade failed')
      refuse(socket, 503, 'Service Unavailable')
    })
  })

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://console')
    const nodeId = SOCKET_PATH.exec(url.pathname)?.[1]
    if (!nodeId) return refuse(socket, 404, 'Not Found')
    const given = url.searchParams.get('ticket')
    const ticket = given ? await claimTicket(deps, nodeId, given) : undefined
    // Unknown, used or expired: the same answer, so a URL reveals nothing.
    if (!ticket) return refuse(socket, 403, 'Forbidden')
    wss.handleUpgrade(req, socket, head, (ws) => serveConsole(deps, ws, ticket))
  }

  return {
    close() {
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
  }
}

/** One connection, from its password to its end. */
function serveConsole(deps: Deps, ws: WebSocket, ticket: ConsoleTicketRow): void {
  const log = deps.log.child({ node_id: ticket.nodeId })
  const waiting = setTimeout(() => ws.close(CLOSE.wrongPassword, 'no password'), PASSWORD_WAIT_MS)
  ws.once('message', (data, isBinary) => {
    clearTimeout(waiting)
    if (isBinary || !passwordMatches(ticket, rawText(data)))
      return ws.close(CLOSE.wrongPassword, 'wrong password')
    // Frames sent right after the password (a resize, typing) wait for the shell.
    const early: [RawData, boolean][] = []
    const hold = (frame: RawData, binary: boolean) => early.push([frame, binary])
    ws.on('message', hold)
    void open(deps, ticket)
      .then((session) => {
        ws.off('message', hold)
        relay(deps, ws, session, ticket)
        for (const [frame, binary] of early) ws.emit('message', frame, binary)
      })
      .catch((err: unknown) => {
        log.info({ err }, 'console did not open')
        const gone = err instanceof NodeGone
        ws.close(gone ? CLOSE.nodeGone : CLOSE.unavailable, gone ? 'no such node' : 'node not up')
      })
  })
}

class NodeGone extends Error {}

/** The shell of the ticket's node, if the node is still there. */
async function open(deps: Deps, ticket: ConsoleTicketRow): Promise<ConsoleSession> {
  const node = await liveNodeOr404(deps, ticket.accountId, ticket.nodeId).catch((err: unknown) => {
    throw err instanceof ProblemError ? new NodeGone(err.message) : err
  })
  return deps.worker.openConsole(node, FIRST_SIZE)
}

function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

const rawText = (data: RawData) => bytesOf(data).toString('utf8')

/** Relays bytes both ways until either side ends, recording the session's events. */
function relay(deps: Deps, ws: WebSocket, session: ConsoleSession, ticket: ConsoleTicketRow) {
  const startedAt = deps.clock.now()
  const log = deps.log.child({ node_id: ticket.nodeId })
  const record = (endedAt?: Date) =>
    recordConsoleEvent(deps, ticket, startedAt, endedAt).catch((err: unknown) =>
      log.error({ err }, 'could not record a console event')
    )
  const opened = record()
  session.onOutput((bytes) => {
    ws.send(bytes, { binary: true }, () => {
      if (ws.bufferedAmount < HIGH_WATER_BYTES) session.resume()
    })
    if (ws.bufferedAmount >= HIGH_WATER_BYTES) session.pause()
  })
  ws.on('message', (frame, binary) => {
    if (binary) return session.write(bytesOf(frame))
    const resize = parseResize(rawText(frame))
    if (resize) session.resize({ cols: resize[0], rows: resize[1] })
  })
  const alive = keepAlive(ws)
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    clearInterval(alive)
    session.close()
    if (ws.readyState === ws.OPEN) ws.close(1000, 'console ended')
    void opened.then(() => record(deps.clock.now()))
  }
  session.onEnd(end)
  ws.on('close', end)
  ws.on('error', end)
}

/** `[cols, rows]` of a resize frame; undefined for any other text (ignored). */
function parseResize(text: string): [number, number] | undefined {
  try {
    const parsed = ResizeFrame.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data.resize : undefined
  } catch {
    return undefined
  }
}

/** Pings the client; one that missed the last ping is cut off. */
function keepAlive(ws: WebSocket): NodeJS.Timeout {
  let answered = true
  ws.on('pong', () => (answered = true))
  return setInterval(() => {
    if (!answered) return ws.terminate()
    answered = false
    ws.ping()
  }, PING_MS)
}
