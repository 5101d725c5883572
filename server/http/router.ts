import { OpenAPIHono, type Hook } from '@hono/zod-openapi'
import type { RequestIdVariables } from 'hono/request-id'
import type { z } from '@hono/zod-openapi'
import { ProblemError, sendProblem, type FieldErrorT } from './problem.js'
// Installs plain messages for every schema's built-in checks before any request is validated.
import './messages.js'
import type { Principal } from '../api-keys/api-keys.service.js'
import type { RequestClaim } from '../idempotency/idempotent-answer.js'

/** The variables middleware puts on the context for handlers. */
export type AppEnv = {
  Variables: RequestIdVariables & { principal?: Principal; idempotency?: RequestClaim }
}

/** Turns zod issues into the `errors` list of a 400, naming each field by its path. */
export function fieldErrors(issues: z.core.$ZodIssue[]): FieldErrorT[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [...issue.path, key].join('.'),
        message: 'is not a known field',
      }))
    }
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body'
    return [{ field, message: issue.message }]
  })
}

/** The 400 a route answers for these issues. */
export function invalidRequest(issues: z.core.$ZodIssue[]): ProblemError {
  const errors = fieldErrors(issues)
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ')
  return new ProblemError(400, 'invalid_request', detail, { errors })
}

/** Validates input that comes in by another way than a route (CLI flags, dashboard forms), with the same 400. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw invalidRequest(parsed.error.issues)
}

const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return
  return sendProblem(c, invalidRequest(result.error.issues))
}

/** A router whose validation failures all become the same problem+json 400. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook })
}
