/**
 * A small typed client of Incus's REST API (`/1.0`): requests to one of several member
 * endpoints (a unix socket or `https://member:8443` with a client certificate), waiting on
 * background operations, and file transfer. It knows nothing of nodes; the driver does.
 * @module
 */
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'

/** Where a member listens, and how to prove who we are to it. */
export interface IncusEndpoint {
  /** `unix:///var/lib/incus/unix.socket` or `https://10.0.0.1:8443`. */
  url: string
  /** PEM client certificate and key for `https` (the cluster trusts the certificate). */
  tls?: { cert: string; key: string; serverCert?: string }
}

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

export interface IncusClient {
  readonly project: string
  /** A request answered synchronously: its metadata. Async answers are waited for. */
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<T>
  /** The raw bytes of an answer (a file, an exec's output). */
  raw(method: string, path: string, options?: CallOptions): Promise<Buffer>
  /** Pings every endpoint in turn until one answers; throws IncusUnreachable if none does. */
  ping(): Promise<void>
}

/** One answer off the wire: status and bytes, bounded by `maxBytes`. */
interface Answer {
  status: number
  body: Buffer
}

function send(endpoint: IncusEndpoint, method: string, path: string, options: CallOptions) {
  const url = new URL(endpoint.url)
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
        : httpsRequest(
            {
              ...base,
              host: url.hostname,
              port: url.port || 8443,
              cert: endpoint.tls?.cert,
              key: endpoint.tls?.key,
              ca: endpoint.tls?.serverCert,
              // A cluster certificate names no member address; it is pinned by `ca` instead.
              checkServerIdentity: () => undefined,
            },
            onAnswer
          )
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }))
    )
    req.on('error', reject)
    req.end(payload)
  })
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const url = new URL(path, 'http://incus')
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && !url.searchParams.has(key)) url.searchParams.set(key, value)
  }
  return url.pathname + url.search
}

/**
 * A client over `endpoints`, all members of one cluster (or one standalone server). A member that
 * does not answer is passed over for the next; the last that answered is asked first.
 */
export function createIncusClient(endpoints: IncusEndpoint[], project: string): IncusClient {
  if (endpoints.length === 0) throw new Error('no Incus endpoint given')
  let current = 0

  async function exchange(method: string, path: string, options: CallOptions): Promise<Answer> {
    const full = withQuery(path, { project, target: options.target })
    let lastError: unknown
    for (let tried = 0; tried < endpoints.length; tried++) {
      const index = (current + tried) % endpoints.length
      try {
        const answer = await send(endpoints[index]!, method, full, {
          timeoutMs: DEFAULT_TIMEOUT_MS,
          ...options,
        })
        current = index
        return answer
      } catch (err) {
        if (!UNREACHABLE_CODES.has((err as NodeJS.ErrnoException).code ?? '')) throw err
        lastError = err
      }
    }
    throw new IncusUnreachable(
      `no Incus member answered (${endpoints.map((e) => e.url).join(', ')}): ${String(lastError)}`
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
    if (parsed.type === 'error')
      throw new IncusError(`${method} ${path}: ${parsed.error}`, parsed.error_code || answer.status)
    return parsed
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
    async ping() {
      await envelope('GET', '/1.0', { timeoutMs: 5000 })
    },
  }
  return client
}

/** The endpoints of `NODEPLANE_INCUS_URL`: a comma-separated list of member URLs. */
export function parseEndpoints(list: string[], tls?: IncusEndpoint['tls']): IncusEndpoint[] {
  return list.map((url) => {
    const parsed = new URL(url)
    if (parsed.protocol !== 'unix:' && parsed.protocol !== 'https:')
      throw new Error(
        `${url}: an Incus endpoint is unix:///path/to/unix.socket or https://host:8443`
      )
    if (parsed.protocol === 'https:' && !tls)
      throw new Error(`${url}: an https endpoint needs nodeplane's client certificate`)
    return { url, tls: parsed.protocol === 'https:' ? tls : undefined }
  })
}
