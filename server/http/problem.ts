import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from '@hono/zod-openapi'
import type { Logger } from 'pino'
import { isStorageFull } from '../db/storage-full.js'
import { ERROR_CODES, type CodeWithStatus, type ErrorCode, type StatusOf } from './error-codes.js'
import { routeHint } from './route-hints.js'

/** The catalogue's codes, for the Problem schema: the OpenAPI document lists every one. */
const ERROR_CODE_KEYS = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]

/** One invalid field of a 400 response. */
export const FieldError = z.object({ field: z.string(), message: z.string() }).openapi('FieldError')

/** RFC 9457 problem details, the body of every 4xx and 5xx response. */
export const Problem = z
  .object({
    type: z.string().openapi({ example: 'about:blank' }),
    title: z.string().openapi({ example: 'Not Found' }),
    status: z.number().int().openapi({ example: 404 }),
    detail: z.string().openapi({ example: 'no node node_abc on this account' }),
    code: z.enum(ERROR_CODE_KEYS).openapi({
      example: 'node_not_found',
      description: 'Stable, for programs; `detail` is for people.',
    }),
    request_id: z.string(),
    errors: z.array(FieldError).optional(),
  })
  .catchall(z.unknown())
  .openapi('Problem')

export type FieldErrorT = z.infer<typeof FieldError>

interface ProblemOptions {
  errors?: FieldErrorT[]
  headers?: Record<string, string>
  /** Extension members added to the body, such as `node_ids` of a refused VPC deletion. */
  extra?: Record<string, unknown>
}

/** The arguments of a problem: a catalogued code with one of its statuses, and why. */
type ProblemArgs = {
  [C in ErrorCode]: [status: StatusOf<C>, code: C, detail: string, options?: ProblemOptions]
}[ErrorCode]

/**
 * Thrown by services for every expected failure; `onError` turns it into problem+json. The
 * code and its status come from the catalogue in error-codes.ts, so a new code is a type
 * error until it is catalogued (and with it documented).
 */
export class ProblemError extends Error {
  readonly status: ContentfulStatusCode
  readonly code: ErrorCode
  readonly options: ProblemOptions

  constructor(...[status, code, detail, options = {}]: ProblemArgs) {
    super(detail)
    this.status = status
    this.code = code
    this.options = options
  }
}

/** A 400 naming one field, the most common problem. */
export function invalidField(
  field: string,
  message: string,
  code: CodeWithStatus<400> = 'invalid_request'
) {
  return new ProblemError(400, code, `${field}: ${message}`, { errors: [{ field, message }] })
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** Sends a problem+json response; the single place that shapes error bodies. */
export function sendProblem(c: Context, error: ProblemError) {
  const { status, code, options } = error
  const body = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: error.message,
    code,
    request_id: c.get('requestId') ?? '',
    ...(options.errors ? { errors: options.errors } : {}),
    ...options.extra,
  }
  // Passing the header to c.json is the only way the content type sticks (docs/development.md, Traps 3).
  return c.json(body, status, {
    ...options.headers,
    'Content-Type': 'application/problem+json',
  })
}

/** Maps anything thrown in a handler to problem+json; unexpected errors are logged, never sent. */
export function onError(log: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ProblemError) return sendProblem(c, err)
    const refusal = err instanceof HTTPException ? fromHttpException(err) : undefined
    if (refusal) return sendProblem(c, refusal)
    if (isStorageFull(err)) {
      log.error({ err, request_id: c.get('requestId') }, 'the disk is full: writes are refused')
      return sendProblem(c, STORAGE_FULL)
    }
    log.error({ err, request_id: c.get('requestId') }, 'unhandled error')
    const detail = 'the server failed to handle the request; retry, and report the request_id'
    return sendProblem(c, new ProblemError(500, 'internal_error', detail))
  }
}

const STORAGE_FULL = new ProblemError(
  503,
  'storage_full',
  "the server's disk is full; nothing was changed: retry later",
  { headers: { 'Retry-After': '60' } }
)

/** Hono's own refusals; a status the catalogue does not expect is left to `onError` as a bug. */
function fromHttpException(err: HTTPException): ProblemError | undefined {
  const detail = err.message || TITLES[err.status] || 'error'
  // Hono's JSON validator throws this for an unparsable body (docs/development.md, Traps 2).
  if (err.status === 400 && /json/i.test(err.message)) {
    return invalidField('body', 'is not valid JSON', 'malformed_json')
  }
  if (err.status === 400) return new ProblemError(400, 'http_error', detail)
  if (err.status === 403) return new ProblemError(403, 'forbidden', detail)
  return undefined
}

/** Unknown routes answer problem+json 404 like every other error. */
export const notFound: NotFoundHandler = (c) => {
  const hint = routeHint(c.req.path)
  const detail = `no route for ${c.req.method} ${c.req.path}${hint ? `; ${hint}` : ''}`
  return sendProblem(c, new ProblemError(404, 'route_not_found', detail))
}
