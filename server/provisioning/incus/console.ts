/**
 * A node's console on Incus: an interactive exec of a root login shell through the REST API
 * (`POST /1.0/instances/{name}/exec` with `interactive` and `wait-for-websocket`), whose
 * operation offers two websockets: fd 0 carries the terminal's bytes both ways, `control`
 * takes window resizes and signals. Nothing inside the node is needed but its shell.
 * @module
 */
import WebSocket from 'ws'
import type { ConsoleSession, TerminalSize } from '../driver.js'
import type { IncusClient, StartedOperation } from './incus-client.js'

const HANDSHAKE_MS = 10_000
/** Keystrokes wait once this much is still unsent to Incus (a shell that reads nothing). */
const INPUT_HIGH_WATER_BYTES = 64 * 1024
/** SIGHUP: what a terminal's hangup sends its shell. */
const HANGUP = 1

async function connect(client: IncusClient, started: StartedOperation, secret: string) {
  const { url, options } = await client.operationSocket(started, secret)
  const ws = new WebSocket(url, {
    ...options,
    handshakeTimeout: HANDSHAKE_MS,
  } as WebSocket.ClientOptions)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  ws.on('error', () => undefined)
  return ws
}

const closeOf = (ws: WebSocket) => new Promise<void>((resolve) => ws.once('close', () => resolve()))

/** Opens a root shell in the running instance `instance` with a terminal of `size`. */
export async function openIncusConsole(
  client: IncusClient,
  instance: string,
  size: TerminalSize
): Promise<ConsoleSession> {
  const started = await client.begin('POST', `/1.0/instances/${instance}/exec`, {
    body: {
      command: ['/bin/bash', '--login'],
      environment: {
        HOME: '/root',
        USER: 'root',
        TERM: 'xterm-256color',
        PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      },
      cwd: '/root',
      interactive: true,
      'wait-for-websocket': true,
      width: size.cols,
      height: size.rows,
    },
  })
  const fds = (started.operation.metadata?.fds ?? {}) as Record<string, string>
  if (!fds['0'] || !fds.control) throw new Error(`the exec in ${instance} offered no websockets`)
  const data = await connect(client, started, fds['0'])
  const control = await connect(client, started, fds.control).catch((err: unknown) => {
    data.terminate()
    throw err
  })
  // Incus closes the control socket when the shell has exited (the instance stopped, too),
  // but keeps fd 0 open until the client closes it: either close ends the session.
  const ended = Promise.race([closeOf(data), closeOf(control)])
  void ended.then(() => {
    data.close()
    control.close()
  })
  const command = (message: object) =>
    control.readyState === WebSocket.OPEN && control.send(JSON.stringify(message))
  const input = inputOf(data)
  return {
    write: input.write,
    onDrain: input.onDrain,
    resize: ({ cols, rows }) =>
      void command({
        command: 'window-resize',
        args: { width: String(cols), height: String(rows) },
      }),
    onOutput: (listener) => void data.on('message', (bytes: Buffer) => listener(bytes)),
    pause: () => data.pause(),
    resume: () => data.resume(),
    onEnd: (listener) => void ended.then(listener),
    close() {
      command({ command: 'signal', signal: HANGUP })
      data.close()
    },
  }
}

/**
 * Writes to fd 0's socket, answering false once INPUT_HIGH_WATER_BYTES wait unsent; `onDrain`
 * runs when they have gone (ws's client has no 'drain' event: a send's callback says it).
 */
function inputOf(data: WebSocket): Pick<ConsoleSession, 'write' | 'onDrain'> {
  let behind = false
  const drained = new Set<() => void>()
  const sent = () => {
    if (!behind || data.bufferedAmount >= INPUT_HIGH_WATER_BYTES) return
    behind = false
    for (const listener of drained) listener()
  }
  return {
    write(bytes) {
      // Closed: the session is ending; nothing to wait for.
      if (data.readyState !== WebSocket.OPEN) return true
      data.send(bytes, sent)
      behind = data.bufferedAmount >= INPUT_HIGH_WATER_BYTES
      return !behind
    },
    onDrain: (listener) => void drained.add(listener),
  }
}
