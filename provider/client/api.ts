/**
 * The provider's HTTP client for the nodeplane API: base URL, bearer key, problem+json errors,
 * and retries with backoff. GETs and DELETEs are retried on connection errors, 429 and 5xx;
 * POSTs carry an Idempotency-Key, the same on every attempt, so retrying them cannot create
 * twice.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ErrorCode } from '../../server/http/error-codes.js'
import { diagnosticError, type ProblemLike } from '../framework/diagnostics.js'
import { send, type HttpResponse } from './http.js'
import { quotaProblem } from './quota-error.js'

/** An answer of the API with a problem+json body. */
export class ApiError extends Error implements ProblemLike {
  readonly title: string
  readonly detail?: string
  /** One of the server's catalogued codes, so comparing with a code that is gone fails to compile. */
  readonly code?: ErrorCode
  readonly request_id?: string
  readonly errors?: { field: string; message: string }[]
  readonly extra: Record<string, unknown>
  constructor(
    readonly status: number,
    body: Record<string, unknown>
  ) {
    super(textOf(body.detail) ?? textOf(body.title) ?? `HTTP ${status}`)
    this.title = textOf(body.title) ?? `HTTP ${status}`
    this.detail = body.detail as string | undefined
    this.code = body.code as ErrorCode | undefined
    this.request_id = body.request_id as string | undefined
    this.errors = body.errors as ApiError['errors']
    this.extra = body
  }
}

/** Whether an error is the API's 404 (the object does not exist, or is deleted). */
export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404
/** What a server answers for an operation it does not have yet (an older version). */
export const isMethodNotAllowed = (err: unknown) => err instanceof ApiError && err.status === 405

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504])
const MAX_ATTEMPTS = 5

export class ApiClient {
  constructor(
    private readonly endpoint: string,
    private readonly apiKey: string | undefined
  ) {}

  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.request('GET', path, undefined, signal)
  }

  post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    return this.request('POST', path, body, signal)
  }

  patch<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    return this.request('PATCH', path, body, signal)
  }

  put<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    return this.request('PUT', path, body, signal)
  }

  delete<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.request('DELETE', path, undefined, signal)
  }

  /**
   * Every page of a list that pages with RFC 8288 `Link: <…>; rel="next"` headers (`GET /nodes`
   * with `limit`), concatenated.
   */
  async getAllPages<T>(path: string, signal?: AbortSignal): Promise<T[]> {
    const items: T[] = []
    let next: string | undefined = path
    while (next !== undefined) {
      const page: { body: T[]; link?: string } = await this.exchange<T[]>(
        'GET',
        next,
        undefined,
        signal
      )
      const { body, link } = page
      items.push(...body)
      next = link === undefined ? undefined : nextLink(link)
    }
    return items
  }

  private async request<T>(
    method: string,
    path: string,
    body: unknown,
    signal?: AbortSignal
  ): Promise<T> {
    return (await this.exchange<T>(method, path, body, signal)).body
  }

  private async exchange<T>(
    method: string,
    path: string,
    body: unknown,
    signal?: AbortSignal
  ): Promise<{ body: T; link?: string }> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (method === 'POST') headers['Idempotency-Key'] = randomUUID()
    for (let attempt = 1; ; attempt++) {
      let res: HttpResponse
      try {
        res = await send(new URL(path, this.endpoint), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        })
      } catch (err) {
        if (signal?.aborted || attempt >= MAX_ATTEMPTS) throw connectionError(this.endpoint, err)
        await sleep(backoff(attempt), undefined, { signal })
        continue
      }
      if (RETRIED_STATUSES.has(res.status) && attempt < MAX_ATTEMPTS) {
        await sleep(retryAfter(res) ?? backoff(attempt), undefined, { signal })
        continue
      }
      return { body: parse<T>(res), link: res.header('Link') }
    }
  }
}

/** The target of a `Link` header's `rel="next"` entry, if it has one. */
function nextLink(header: string): string | undefined {
  // Split on the <…> targets, not on commas: a target may hold one (a label selector's `in (a,b)`).
  for (const [, target, params] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    if (/;\s*rel="?([^"]*\s)?next[\s";,]/.test(`${params}"`)) return target
  }
  return undefined
}

function parse<T>(res: HttpResponse): T {
  const text = res.text
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  if (res.status === 403 && json.code === 'quota_exceeded') throw quotaProblem(json)
  if (res.status === 401 || res.status === 403) {
    throw diagnosticError(
      res.status === 401 ? 'nodeplane rejected the API key' : 'The API key lacks permission',
      `${textOf(json.detail) ?? ''}\n\nSet api_key in the provider block, or NODEPLANE_API_KEY, to a ${res.status === 403 ? 'read_write ' : ''}key from Developer Settings or \`nodeplane keys create\`.`
    )
  }
  if (!res.ok) throw new ApiError(res.status, json)
  return json as T
}

/** Exponential backoff with full jitter: about 0.5 s, 1 s, 2 s, 4 s. */
function backoff(attempt: number): number {
  return Math.random() * 500 * 2 ** (attempt - 1)
}

function retryAfter(res: HttpResponse): number | undefined {
  const seconds = Number(res.header('Retry-After'))
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : undefined
}

function connectionError(endpoint: string, err: unknown) {
  const { cause, message } = err as Error
  const reason = cause instanceof Error || typeof cause === 'string' ? String(cause) : message
  return diagnosticError('Cannot reach the nodeplane API', `${endpoint}: ${reason}`)
}

/** A problem member as text; absent or not a string is undefined. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** The client of a configured provider (endpoint and key from the block or the environment). */
export function apiClient(config: {
  endpoint: string | undefined
  apiKey: string | undefined
}): ApiClient {
  return new ApiClient(config.endpoint ?? 'http://127.0.0.1:8080', config.apiKey)
}
