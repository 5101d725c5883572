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
import type { Logger } from 'pino'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { Deps } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { liveNodeOr404 } from '../nodes/nodes.lookup.js'
import type { ConsoleSession } from '../provisioning/driver.js'
import { REFUSED } from './console-close.js'
import { bytesOf, rawText, relay } from './console-relay.js'
import { claimTicket, passwordMatches } from './console.service.js'
import { beginSession, endSession, openerStillAllowed } from './console-sessions.service.js'
import type { ConsoleTicketRow } from './console-tickets.table.js'
import { createConsoleWatch, type ConsoleWatch } from './console-watch.js'

const SOCKET_PATH = /^\/api\/v1\/nodes\/([^/]+)\/console\/socket$/
/** How long a connection may take to send its password. */
const PASSWORD_WAIT_MS = 10_000
/** The terminal's size until the client's first resize. */
const FIRST_SIZE = { cols: 80, rows: 24 }
/**
 * What a client may send between its password and the shell's start (a resize, the first
 * keystrokes): far more than anyone types in that second, and bounded, as it waits in memory.
 */
const EARLY_MAX_BYTES = 64 * 1024

/** A raw HTTP answer on a socket that asked for an upgrade it does not get. */
function refuse(socket: Duplex, status: 403 | 404 | 503, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

/** A connection whose ticket was good, from the address it came from. */
interface Connection {
  ticket: ConsoleTicketRow
  peerAddress: string | null
  log: Logger
}

/**
 * Serves console sessions on `server`; `close` ends every session (an orderly stop). Other
 * upgrade requests are answered 404. Every handshake is logged, accepted or refused, with the
 * address it came from; never the ticket or the password.
 */
export function attachConsoleSockets(server: Server, deps: Deps): { close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const watch = createConsoleWatch(deps)
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
    const peerAddress = req.socket.remoteAddress ?? null
    const given = url.searchParams.get('ticket')
    const ticket = given ? await claimTicket(deps, nodeId, given) : undefined
    // Unknown, used or expired: the same answer, so a URL reveals nothing.
    if (!ticket) {
      deps.log.warn(
        { node_id: nodeId, peer_address: peerAddress },
        'console handshake refused: no valid ticket'
      )
      return refuse(socket, 403, 'Forbidden')
    }
    const log = deps.log.child({
      node_id: nodeId,
      account_id: ticket.accountId,
      peer_address: peerAddress,
    })
    log.info(
      { actor: { type: ticket.actorType, id: ticket.actorId } },
      'console handshake accepted'
    )
    const connection = { ticket, peerAddress, log }
    wss.handleUpgrade(req, socket, head, (ws) => serveConsole(deps, ws, connection, watch))
  }

  return {
    close() {
      watch.close()
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
  }
}

const closeWith = (ws: WebSocket, refusal: { code: number; text: string }) =>
  ws.close(refusal.code, refusal.text)

/** One connection, from its password to its end. */
function serveConsole(deps: Deps, ws: WebSocket, connection: Connection, watch: ConsoleWatch) {
  const { ticket, log } = connection
  const waiting = setTimeout(() => {
    log.warn('console refused: no password in time')
    closeWith(ws, REFUSED.wrongPassword)
  }, PASSWORD_WAIT_MS)
  // A client that left before its password is no refusal to log.
  ws.once('close', () => clearTimeout(waiting))
  ws.once('message', (data, isBinary) => {
    clearTimeout(waiting)
    if (isBinary || !passwordMatches(ticket, rawText(data))) {
      log.warn('console refused: wrong password')
      return closeWith(ws, REFUSED.wrongPassword)
    }
    const early = holdEarlyInput(ws, () => {
      log.warn({ max_bytes: EARLY_MAX_BYTES }, 'console refused: too much input before the shell')
      closeWith(ws, REFUSED.inputOverflow)
    })
    void admit(deps, ws, connection).then((admitted) => {
      if (!admitted) return
      const [id, shell] = admitted
      // The client left, or sent too much, while the shell was starting.
      if (ws.readyState !== ws.OPEN) {
        shell.close()
        return void endSession(deps, id).catch(() => undefined)
      }
      relay(deps, ws, shell, { id, ticket, peerAddress: connection.peerAddress }, watch)
      early.release()
    })
  })
}

/**
 * Frames sent right after the password (a resize, typing) wait for the shell, up to
 * EARLY_MAX_BYTES; past that, `overflow` runs and they are dropped.
 */
function holdEarlyInput(ws: WebSocket, overflow: () => void): { release(): void } {
  const frames: [RawData, boolean][] = []
  let bytes = 0
  const hold = (frame: RawData, binary: boolean) => {
    bytes += bytesOf(frame).length
    if (bytes <= EARLY_MAX_BYTES) return void frames.push([frame, binary])
    ws.off('message', hold)
    frames.length = 0
    overflow()
  }
  ws.on('message', hold)
  return {
    release() {
      ws.off('message', hold)
      for (const [frame, binary] of frames) ws.emit('message', frame, binary)
    },
  }
}

/**
 * Counts the session in and opens its shell: the row's id and the shell, or undefined after
 * closing the socket with the refusal (access ended, a limit, the node gone or not up).
 */
async function admit(
  deps: Deps,
  ws: WebSocket,
  { ticket, log }: Connection
): Promise<[string, ConsoleSession] | undefined> {
  try {
    if (!(await openerStillAllowed(deps, ticket))) {
      log.warn('console refused: the key or login that asked for it has ended')
      return void closeWith(ws, REFUSED.accessEnded)
    }
    const begun = await beginSession(deps, ticket)
    if (begun instanceof ProblemError) {
      log.warn({ detail: begun.message }, 'console refused: session limit')
      return void closeWith(ws, REFUSED.sessionLimit)
    }
    try {
      return [begun.id, await open(deps, ticket)]
    } catch (err) {
      await endSession(deps, begun.id)
      throw err
    }
  } catch (err) {
    log.info({ err }, 'console did not open')
    closeWith(ws, err instanceof NodeGone ? REFUSED.nodeGone : REFUSED.unavailable)
    return undefined
  }
}

class NodeGone extends Error {}

/** The shell of the ticket's node, if the node is still there. */
async function open(deps: Deps, ticket: ConsoleTicketRow): Promise<ConsoleSession> {
  const node = await liveNodeOr404(deps, ticket.accountId, ticket.nodeId).catch((err: unknown) => {
    throw err instanceof ProblemError ? new NodeGone(err.message) : err
  })
  return deps.worker.openConsole(node, FIRST_SIZE)
}
