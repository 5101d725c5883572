/**
 * Following an Incus cluster's lifecycle events (`/1.0/events`, a websocket on one member; the
 * members relay each other's events), so a node's instance that stops behind nodeplane's back
 * or a member that joins, leaves or changes is acted on at once. The polls (health check,
 * inventory sync) stay: they cover what is missed while no member is followed.
 * @module
 */
import WebSocket from 'ws'
import type { Logger } from 'pino'
import type { EngineChanges } from '../driver.js'
import { certificateError, websocketUrl, type IncusClient } from './incus-client.js'
import { nodeIdOf } from './instance.js'

/** A lifecycle event as Incus sends it (`location` is the member it happened on). */
export interface LifecycleEvent {
  type: 'lifecycle'
  project?: string
  location?: string
  metadata: { action: string; source: string }
}

/** One followed stream; `stop` closes it and resolves once its socket is closed. */
export interface EventStream {
  stop(): Promise<void>
}

export interface StreamOptions {
  /** The project whose events to receive: a cluster's own events are the `default` project's. */
  project: string
  log: Logger
  onEvent(event: LifecycleEvent): void
  /** Called on each connection after a lost one: events may have been missed meanwhile. */
  onResume(): void
}

const RETRY_MIN_MS = 1000
const RETRY_MAX_MS = 30_000
/** A member that vanished without closing the connection is noticed within two of these. */
const PING_MS = 15_000
const HANDSHAKE_MS = 10_000

/** An instance of ours that is no longer running (stopped, shut down from inside, deleted). */
const NODE_DOWN = new Set(['instance-stopped', 'instance-shutdown', 'instance-deleted'])

const eventsUrl = (endpoint: string, project: string) =>
  websocketUrl(endpoint, `/1.0/events?type=lifecycle&project=${encodeURIComponent(project)}`)

/** Which change an event says happened in `project`, if any that nodeplane acts on. */
export function changeOf(event: LifecycleEvent, project: string): keyof EngineChanges | undefined {
  const { action, source } = event.metadata
  if (action.startsWith('cluster-member-')) return 'machines'
  if (!NODE_DOWN.has(action) || (event.project ?? project) !== project) return undefined
  const name = new URL(source, 'http://incus').pathname.split('/').pop() ?? ''
  return source.startsWith('/1.0/instances/') && nodeIdOf({ name }) ? 'nodes' : undefined
}

/**
 * Follows `project`'s lifecycle events on the client's members, one at a time: a member that
 * cannot be reached or drops the connection is passed over for the next, and once every member
 * failed in a row the follower waits, doubling from 1 s to 30 s.
 */
export function followIncusEvents(client: IncusClient, options: StreamOptions): EventStream {
  const { endpoints } = client
  const { log, project } = options
  let index = 0
  let failures = 0
  let followedBefore = false
  let stopped = false
  let socket: WebSocket | undefined
  let retry: NodeJS.Timeout | undefined
  let closed = Promise.resolve()

  function again(endpoint: string, err: unknown, wasOpen: boolean): void {
    failures = wasOpen ? 1 : failures + 1
    index = (index + 1) % endpoints.length
    const context = { endpoint, project, err: certificateError(endpoint, err) }
    if (wasOpen)
      log.warn(context, 'lost the Incus events; reconnecting (the polls cover meanwhile)')
    else if (failures === endpoints.length)
      log.warn(context, 'no Incus member streams events; retrying (the polls cover meanwhile)')
    else log.debug(context, 'could not follow the Incus events on this member')
    const rounds = Math.floor(failures / endpoints.length)
    const delay = rounds === 0 ? 0 : Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (rounds - 1))
    retry = setTimeout(() => void connect(), delay)
  }

  async function connect(): Promise<void> {
    const endpoint = endpoints[index]!
    let tls
    try {
      tls = await client.tlsFor(endpoint)
    } catch (err) {
      if (!stopped) again(endpoint, err, false)
      return
    }
    if (stopped) return
    // ws hands these to tls.connect as they are; its types declare an older checkServerIdentity.
    const connectOptions = { ...tls, handshakeTimeout: HANDSHAKE_MS } as WebSocket.ClientOptions
    const ws = new WebSocket(eventsUrl(endpoint, project), connectOptions)
    socket = ws
    let opened = false
    let answered = true
    let error: unknown
    const pinger = setInterval(() => {
      if (!answered) return ws.terminate()
      answered = false
      ws.ping()
    }, PING_MS)
    ws.on('pong', () => (answered = true))
    ws.on('error', (err) => (error = err))
    ws.on('open', () => {
      opened = true
      failures = 0
      log.info({ endpoint, project }, 'following the Incus events')
      if (followedBefore) options.onResume()
      followedBefore = true
    })
    ws.on('message', (data: Buffer) => {
      let event: LifecycleEvent
      try {
        event = JSON.parse(data.toString('utf8')) as LifecycleEvent
      } catch {
        return
      }
      if (event.type === 'lifecycle' && event.metadata) options.onEvent(event)
    })
    closed = new Promise((resolve) =>
      ws.once('close', () => {
        clearInterval(pinger)
        if (!stopped) again(endpoint, error ?? 'closed by the member', opened)
        resolve()
      })
    )
  }

  void connect()
  return {
    async stop() {
      stopped = true
      clearTimeout(retry)
      socket?.terminate()
      await closed
    },
  }
}

/**
 * Follows what nodeplane acts on: its project's instances, and the cluster's members (the
 * `default` project's events, a stream of their own unless nodeplane's project is `default`).
 * Any reconnection reports both changes, for what was missed. Returns the stop.
 */
export function followClusterEvents(
  client: IncusClient,
  log: Logger,
  changes: EngineChanges
): () => Promise<void> {
  const projects = [...new Set([client.project, 'default'])]
  const streams = projects.map((project) =>
    followIncusEvents(client, {
      project,
      log,
      onEvent(event) {
        const change = changeOf(event, client.project)
        if (!change) return
        const { action, source } = event.metadata
        log.debug({ action, source, change }, 'Incus event: acting on it now')
        changes[change]()
      },
      onResume() {
        changes.nodes()
        changes.machines()
      },
    })
  )
  return async () => {
    await Promise.all(streams.map((stream) => stream.stop()))
  }
}
