import { OpenAPIHono, type Hook } from '@hono/zod-openapi'
import type { RequestIdVariables } from 'hono/request-id'
import type { z } from 'zod'
import { ProblemError, sendProblem, type FieldErrorT } from './problem.js'
import type { Principal } from '../api-keys/api-keys.service.js'
import type { IdempotencyClaim } from '../idempotency/idempotency.store.js'

/** The variables middleware puts on the context for handlers. */
export type AppEnv = {
  Variables: RequestIdVariables & { principal?: Principal; idempotency?: IdempotencyClaim }
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

const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return
  const errors = fieldErrors(result.error.issues)
  const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ')
  return sendProblem(c, new ProblemError(400, 'invalid_request', detail, { errors }))
}

/** A router whose validation failures all become the same problem+json 400. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook })
}
