import { z } from '@hono/zod-openapi'
import { Problem } from './problem.js'

/** An OpenAPI response entry for a problem+json status, so every route documents its errors. */
export function problemResponse(description: string) {
  return { description, content: { 'application/problem+json': { schema: Problem } } }
}

/** The errors every authenticated route can answer. */
export const authErrors = {
  401: problemResponse('API key missing, malformed, unknown or revoked'),
  403: problemResponse('The key lacks permission for the action (read scope on a mutation)'),
}

/** `authErrors` of a creation that counts against account limits: its 403 may be a quota. */
export const quotaAuthErrors = (limits: string) => ({
  ...authErrors,
  403: problemResponse(
    `The key lacks permission for the action (\`insufficient_scope\`), or the account would pass its limit of ${limits} (\`quota_exceeded\`, \`limit\` naming it; GET /api/v1/limits)`
  ),
})

/** Security requirement of routes behind an API key. */
export const bearer = [{ bearerAuth: [] }]

/** A JSON content entry for a request body or response, keeping the schema's type. */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } })

/** Security of a public route that also accepts a key (the typed form keeps inference intact). */
export const optionalBearer: Record<string, string[]>[] = [{}, { bearerAuth: [] }]

/** The optional `Idempotency-Key` header of POST routes (see idempotency.middleware.ts). */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional()
    .openapi({
      param: { in: 'header' },
      description:
        'Makes the POST safe to retry: for 24 hours the same key replays the first response; with another body it is 422',
    }),
})

/** Errors every POST with an idempotency key can answer. */
export const idempotencyErrors = {
  413: problemResponse('The body is larger than 64 KiB'),
  422: problemResponse('The Idempotency-Key was used for a different request'),
}

/**
 * OpenAPI links from a response to the operations that act on what it names: clients and
 * schemathesis's stateful fuzzing (create, then act on what was created) follow them.
 */
export function links(
  operationIds: string[],
  parameters: Record<string, string> = { id: '$response.body#/id' }
) {
  return Object.fromEntries(
    operationIds.map((operationId) => [operationId, { operationId, parameters }])
  )
}
