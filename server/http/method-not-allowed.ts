import type { Hono } from 'hono'
import { methodNotAllowed as honoMethodNotAllowed } from 'hono/method-not-allowed'
import { ProblemError, sendProblem } from './problem.js'

/** Hono's 405 middleware (a known path with another method), answering problem+json. */
export function methodNotAllowed(app: Hono<any>) {
  return honoMethodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => {
      const allow = methods.join(', ')
      const detail = `${c.req.method} is not allowed here; use ${allow}`
      return sendProblem(
        c,
        new ProblemError(405, 'method_not_allowed', detail, { headers: { Allow: allow } })
      )
    },
  })
}
