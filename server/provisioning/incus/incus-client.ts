/**
 * A small typed client of Incus's REST API (`/1.0`): requests to one of several member
 * endpoints (a unix socket or `https://member:8443` with a client certificate), waiting on
 * background operations, and file transfer. It knows nothing of nodes; the driver does.
 * @module
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { PeerCertificate } from 'node:tls'
import { X509Certificate } from 'node:crypto'

/** How nodeplane and an https member prove themselves to each other (PEM, all three). */
export interface IncusTls {
  /** nodeplane's client certificate and key: the cluster trusts the certificate. */
  cert: string
  key: string
  /** The cluster certificate every member presents, pinned: no other is accepted. */
  serverCert: string
}

/** Where https credentials come from: asked once, on the first request to an https member. */
export type IncusTlsSource = () => Promise<IncusTls>

/** An error Incus answered with (`type: error`), or a background operation that failed. */
export class IncusError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

/** No member answered: the cluster is unreachable from here. */
export class IncusUnreachable extends Error {}

/** A member answered but does not trust nodeplane's client certificate (yet). */
export class IncusUntrusted extends Error {}

/** An https member presented another certificate than the pinned cluster certificate. */
export class IncusCertificateRefused extends Error {}

interface Envelope<T> {
  type: 'sync' | 'async' | 'error'
  status_code: number
  error_code: number
  error: string
  metadata: T
  operation: string
}

/** A background operation as Incus reports it once it ended. */
export interface Operation {
  id: string
  status: string
  status_code: number
  err: string
  location: string
  metadata: Record<string, unknown> | null
}

/** An operation just started: its path (`/1.0/operations/<id>`), record and member endpoint. */
export interface StartedOperation {
  path: string
  operation: Operation
  endpoint: string
}

/** What a call may add: the member it runs on, a body, raw bytes and their headers. */
export interface CallOptions {
  target?: string
  body?: unknown
  raw?: Buffer | string
  headers?: Record<string, string>
  /** Stop reading the answer past this many bytes (answers that a tenant controls). */
  maxBytes?: number
  timeoutMs?: number
}

const DEFAULT_TIMEOUT_MS = 30_000
const UNTRUSTED_HINT =
  ": does the cluster trust nodeplane's client certificate? Print it with `nodeplane incus certificate` and add it with `incus config trust add-certificate` (docs/operations.md)"
const RESTRICTED_HINT =
  ": nodeplane's client certificate is restricted to a project, but the VPC networks it makes are bridges of Incus's `default` project: trust it without `--projects ... --restricted` (docs/operations.md)"

/** What a 403 over https most likely means: a certificate not trusted, or trusted too narrowly. */
function forbiddenHint(status: number, endpoint: string, error: string): string {
  if (status !== 403 || !endpoint.startsWith('https:')) return ''
  return /project "default"/.test(error) ? RESTRICTED_HINT : UNTRUSTED_HINT
}

/** How long one wait on an operation asks Incus to hold the request. */
const OPERATION_WAIT_SECONDS = 60

/** Connection failures that say "try another member", not "the request was wrong". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
])

/** OpenSSL's verdicts on a member certificate that did not chain to the pinned one. */
const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
])

export interface IncusClient {
  readonly project: string
  /** The members' endpoints, as given (the events follower connects to them in turn). */
  readonly endpoints: readonly string[]
  /**
   * What a connection of one's own to `endpoint` presents and pins (the events websocket):
   * the same client certificate and pinned cluster certificate as every call; undefined for
   * a unix socket.
   */
  tlsFor(endpoint: string): Promise<IncusTlsOptions | undefined>
  /** A request answered synchronously: its metadata. Async answers are waited for. */
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<T>
  /** The raw bytes of an answer (a file, an exec's output). */
  raw(method: string, path: string, options?: CallOptions): Promise<Buffer>
  /**
   * Starts an operation whose websockets the caller opens itself (an interactive exec): the
   * operation as Incus answered at once, not waited for, and the endpoint that answered.
   */
  begin(method: string, path: string, options?: CallOptions): Promise<StartedOperation>
  /** The URL and connection options of one of a started operation's websockets. */
  operationSocket(
    started: StartedOperation,
    secret: string
  ): Promise<{ url: string; options: IncusTlsOptions | undefined }>
  /**
   * The server's own record (`GET /1.0`) as a trusted client sees it; throws IncusUntrusted
   * when the member does not trust nodeplane's client certificate (it then answers with a
   * stub, not an error).
   */
  server<T>(timeoutMs?: number): Promise<T>
  /**
   * Pings every endpoint in turn until one answers; throws IncusUnreachable if none does, and
   * IncusUntrusted if the one that answers does not trust nodeplane.
   */
  ping(): Promise<void>
}

/** One answer off the wire: status and bytes, bounded by `maxBytes`. */
interface Answer {
  status: number
  body: Buffer
}

/** TLS options for an https member: our certificate, and theirs pinned by its fingerprint. */
export type IncusTlsOptions = ReturnType<typeof tlsOptions>

function tlsOptions(tls: IncusTls) {
  const pinned = new X509Certificate(tls.serverCert).fingerprint256
  return {
    cert: tls.cert,
    key: tls.key,
    // The chain is checked against the cluster certificate alone, not the system's CAs...
    ca: tls.serverCert,
    // ...and the certificate must be that very one. It names no member address, so the
    // host name check is replaced by this comparison, never skipped.
    checkServerIdentity: (_host: string, peer: PeerCertificate) =>
      peer.fingerprint256 === pinned
        ? undefined
        : new IncusCertificateRefused(
            `the member presented certificate ${peer.fingerprint256}, not the pinned cluster certificate ${pinned}`
          ),
  }
}

function send(
  endpoint: string,
  tls: IncusTlsOptions | undefined,
  method: string,
  path: string,
  options: CallOptions
) {
  const url = new URL(endpoint)
  const payload =
    options.raw !== undefined
      ? Buffer.from(options.raw)
      : options.body !== undefined
        ? Buffer.from(JSON.stringify(options.body))
        : undefined
  const headers: Record<string, string> = { ...options.headers }
  if (payload) {
    headers['Content-Length'] = String(payload.length)
    headers['Content-Type'] ??=
      options.raw !== undefined ? 'application/octet-stream' : 'application/json'
  }
  const base: RequestOptions = { method, path, headers, timeout: options.timeoutMs }
  return new Promise<Answer>((resolve, reject) => {
    const onAnswer = (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (options.maxBytes !== undefined && size > options.maxBytes) {
          res.destroy()
          reject(new IncusError(`answer to ${method} ${path} passed ${options.maxBytes} bytes`, 0))
          return
        }
        chunks.push(chunk)
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    }
    const req =
      url.protocol === 'unix:'
        ? httpRequest({ ...base, socketPath: decodeURIComponent(url.pathname) }, onAnswer)
        : httpsRequest({ ...base, host: url.hostname, port: url.port || 8443, ...tls }, onAnswer)
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }))
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** The URL of a websocket at `path` (its query included) on a member's `endpoint`. */
export function websocketUrl(endpoint: string, path: string): string {
  const url = new URL(endpoint)
  if (url.protocol === 'unix:') return `ws+unix://${decodeURIComponent(url.pathname)}:${path}`
  return `wss://${url.hostname}:${url.port || 8443}${path}`
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const url = new URL(path, 'http://incus')
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && !url.searchParams.has(key)) url.searchParams.set(key, value)
  }
  return url.pathname + url.search
}

/** An error of an https exchange, said in terms of the pinned certificate when it is about it. */
export function certificateError(endpoint: string, err: unknown): unknown {
  const refused =
    err instanceof IncusCertificateRefused ||
    CERTIFICATE_CODES.has((err as NodeJS.ErrnoException).code ?? '')
  if (!refused) return err
  return new IncusCertificateRefused(
    `${endpoint}: ${(err as Error).message}; NODEPLANE_INCUS_SERVER_CERT must hold the cluster's certificate (\`incus info\`, or /var/lib/incus/cluster.crt on a member)`
  )
}

/**
 * A client over `endpoints` (`unix:///var/lib/incus/unix.socket` or `https://10.0.0.1:8443`),
 * all members of one cluster (or one standalone server). A member that does not answer is
 * passed over for the next; the last that answered is asked first. `tls` is asked once, on the
 * first request to an https member (again after it failed).
 */
export function createIncusClient(
  endpoints: string[],
  project: string,
  tls?: IncusTlsSource
): IncusClient {
  if (endpoints.length === 0) throw new Error('no Incus endpoint given')
  let current = 0
  let tlsReady: Promise<ReturnType<typeof tlsOptions>> | undefined

  function tlsOf(endpoint: string) {
    if (!endpoint.startsWith('https:')) return undefined
    if (!tls) throw new Error(`${endpoint}: an https endpoint needs TLS credentials`)
    tlsReady ??= tls().then(tlsOptions)
    return tlsReady.catch((err: unknown) => {
      tlsReady = undefined
      throw err
    })
  }

  async function exchange(method: string, path: string, options: CallOptions) {
    const full = withQuery(path, { project, target: options.target })
    let lastError: unknown
    for (let tried = 0; tried < endpoints.length; tried++) {
      const index = (current + tried) % endpoints.length
      const endpoint = endpoints[index]!
      const secured = await tlsOf(endpoint)
      try {
        const answer = await send(endpoint, secured, method, full, {
          timeoutMs: DEFAULT_TIMEOUT_MS,
          ...options,
        })
        current = index
        return { ...answer, endpoint }
      } catch (err) {
        if (!UNREACHABLE_CODES.has((err as NodeJS.ErrnoException).code ?? '')) {
          throw secured ? certificateError(endpoint, err) : err
        }
        lastError = err
      }
    }
    throw new IncusUnreachable(
      `no Incus member answered (${endpoints.join(', ')}): ${String(lastError)}`
    )
  }

  async function envelope<T>(method: string, path: string, options: CallOptions) {
    const answer = await exchange(method, path, options)
    let parsed: Envelope<T>
    try {
      parsed = JSON.parse(answer.body.toString('utf8')) as Envelope<T>
    } catch {
      throw new IncusError(
        `${method} ${path}: answer is not JSON (HTTP ${answer.status})`,
        answer.status
      )
    }
    if (parsed.type === 'error') {
      const status = parsed.error_code || answer.status
      const hint = forbiddenHint(status, answer.endpoint, parsed.error)
      throw new IncusError(`${method} ${path}: ${parsed.error}${hint}`, status)
    }
    return { ...parsed, endpoint: answer.endpoint }
  }

  /** Waits for an operation to end, in rounds of OPERATION_WAIT_SECONDS; throws if it failed. */
  async function wait(operationPath: string, timeoutMs: number): Promise<Operation> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const seconds = Math.max(1, Math.min(OPERATION_WAIT_SECONDS, (deadline - Date.now()) / 1000))
      const path = withQuery(`${operationPath.split('?')[0]}/wait`, {
        timeout: String(Math.ceil(seconds)),
      })
      const op = (await envelope<Operation>('GET', path, { timeoutMs: (seconds + 10) * 1000 }))
        .metadata
      if (op.status_code >= 400) throw new IncusError(op.err || op.status, op.status_code)
      if (op.status_code === 200) return op
      if (Date.now() >= deadline)
        throw new IncusError(`operation ${op.id} did not end within ${timeoutMs} ms`, 0)
    }
  }

  const client: IncusClient = {
    project,
    endpoints,
    tlsFor: async (endpoint) => tlsOf(endpoint),
    async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
      const answer = await envelope<T>(method, path, options)
      if (answer.type !== 'async') return answer.metadata
      return (await wait(answer.operation, options.timeoutMs ?? 5 * 60_000)) as T
    },
    async raw(method, path, options = {}) {
      const answer = await exchange(method, path, options)
      if (answer.status >= 400) {
        const text = answer.body.toString('utf8', 0, 512)
        let message = text
        try {
          message = (JSON.parse(text) as Envelope<unknown>).error || text
        } catch {
          // Not an envelope: the bytes are the message.
        }
        throw new IncusError(`${method} ${path}: ${message}`, answer.status)
      }
      return answer.body
    },
    async begin(method, path, options = {}) {
      const answer = await envelope<Operation>(method, path, options)
      if (answer.type !== 'async') throw new IncusError(`${method} ${path}: not an operation`, 0)
      const opPath = answer.operation.split('?')[0]!
      return { path: opPath, operation: answer.metadata, endpoint: answer.endpoint }
    },
    async operationSocket(started, secret) {
      const path = withQuery(`${started.path}/websocket`, { secret, project })
      return { url: websocketUrl(started.endpoint, path), options: await tlsOf(started.endpoint) }
    },
    async server<T>(timeoutMs?: number) {
      const { metadata } = await envelope<T & { auth?: string }>('GET', '/1.0', { timeoutMs })
      if (metadata.auth !== undefined && metadata.auth !== 'trusted')
        throw new IncusUntrusted(`Incus answered as to an untrusted client${UNTRUSTED_HINT}`)
      return metadata
    },
    async ping() {
      await client.server(5000)
    },
  }
  return client
}

/** The endpoints of `NODEPLANE_INCUS_URL`: a comma-separated list of member URLs. */
export function parseEndpoints(list: string[]): string[] {
  for (const url of list) {
    const parsed = new URL(url)
    if (parsed.protocol !== 'unix:' && parsed.protocol !== 'https:')
      throw new Error(
        `${url}: an Incus endpoint is unix:///path/to/unix.socket or https://host:8443`
      )
  }
  return list
}
