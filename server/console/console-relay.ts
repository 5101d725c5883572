/**
 * An open console session: bytes both ways between the socket and the engine's shell, each
 * side held back while the other is behind, until either ends, the key or login that opened
 * it loses its access (console-watch.ts), or it reaches NODEPLANE_CONSOLE_MAX_SECONDS.
 * @module
 */
import type { RawData, WebSocket } from 'ws'
import type { Deps } from '../deps.js'
import type { ConsoleSession } from '../provisioning/driver.js'
import { ENDINGS, type EndReason } from './console-close.js'
import { ResizeFrame } from './console.schema.js'
import { recordConsoleEvent, type SessionRecord } from './console.service.js'
import { endSession } from './console-sessions.service.js'
import type { ConsoleWatch } from './console-watch.js'

/** Output waits while this much is still unsent to a slow client. */
const HIGH_WATER_BYTES = 1024 * 1024
/** A client that answers no ping within this long is gone (a closed laptop). */
const PING_MS = 30_000

/** A session counted in (its row's `id`) whose shell is open. */
export interface OpenSession extends Omit<SessionRecord, 'startedAt'> {
  id: string
}

export function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
}

export const rawText = (data: RawData) => bytesOf(data).toString('utf8')

/** Relays bytes both ways until the session ends, recording its events. */
export function relay(
  deps: Deps,
  ws: WebSocket,
  shell: ConsoleSession,
  open: OpenSession,
  watch: ConsoleWatch
): void {
  const record: SessionRecord = { ...open, startedAt: deps.clock.now() }
  const log = deps.log.child({ node_id: open.ticket.nodeId, console_session: open.id })
  const note = (end?: { at: Date; reason: EndReason }) =>
    recordConsoleEvent(deps, record, end).catch((err: unknown) =>
      log.error({ err }, 'could not record a console event')
    )
  const opened = note()
  log.info({ peer_address: open.peerAddress }, 'console session opened')
  pipeOutput(ws, shell)
  pipeInput(ws, shell)
  const alive = keepAlive(ws, () => end('connection_lost'))
  const longest = setTimeout(() => end('max_length'), deps.config.consoleMaxSeconds * 1000)
  const unwatch = watch.add({ id: open.id, ticket: open.ticket, revoke: () => end('access_ended') })
  let ended = false
  function end(reason: EndReason): void {
    if (ended) return
    ended = true
    clearInterval(alive)
    clearTimeout(longest)
    unwatch()
    shell.close()
    closeSocket(ws, reason)
    const at = deps.clock.now()
    log.info(
      { reason, seconds: (at.getTime() - record.startedAt.getTime()) / 1000 },
      'console session ended'
    )
    endSession(deps, open.id).catch((err: unknown) =>
      log.error({ err }, 'could not count a console session out')
    )
    void opened.then(() => note({ at, reason }))
  }
  shell.onEnd(() => end('shell_ended'))
  ws.on('close', () => end('client_closed'))
  ws.on('error', () => end('connection_lost'))
}

/** Closes the socket with the code of `reason`, unless the connection is gone already. */
function closeSocket(ws: WebSocket, reason: EndReason): void {
  const { code, text } = ENDINGS[reason]
  if (code === undefined) return ws.terminate()
  // Input still waiting is read and dropped, so the client's answer to the close gets here.
  ws.removeAllListeners('message')
  ws.resume()
  if (ws.readyState === ws.OPEN) ws.close(code, text)
}

/** The shell's output to the socket; the shell waits while the client reads too slowly. */
function pipeOutput(ws: WebSocket, shell: ConsoleSession): void {
  shell.onOutput((bytes) => {
    ws.send(bytes, { binary: true }, () => {
      if (ws.bufferedAmount < HIGH_WATER_BYTES) shell.resume()
    })
    if (ws.bufferedAmount >= HIGH_WATER_BYTES) shell.pause()
  })
}

/**
 * The client's keystrokes to the shell; the socket is not read while the shell takes no more
 * (a paste into a busy shell), so what it sends waits in the client and the network, not here.
 */
function pipeInput(ws: WebSocket, shell: ConsoleSession): void {
  shell.onDrain(() => ws.resume())
  ws.on('message', (frame, binary) => {
    if (binary) {
      if (!shell.write(bytesOf(frame))) ws.pause()
      return
    }
    const resize = parseResize(rawText(frame))
    if (resize) shell.resize({ cols: resize[0], rows: resize[1] })
  })
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

/**
 * Pings the client; one that missed the last ping is gone. A socket paused for the shell reads
 * no pongs either: a client whose input the shell has not taken for that long is let go too,
 * or a vanished one would hold its session (and its place in the limits) until the shell read.
 */
function keepAlive(ws: WebSocket, lost: () => void): NodeJS.Timeout {
  let answered = true
  ws.on('pong', () => (answered = true))
  return setInterval(() => {
    if (!answered) return lost()
    answered = false
    ws.ping()
  }, PING_MS)
}
