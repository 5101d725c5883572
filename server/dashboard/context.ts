import type { Context } from 'hono'
import type { RequestIdVariables } from 'hono/request-id'
import type { Session } from '../accounts/sessions.service.js'
import type { z } from '@hono/zod-openapi'
import { ProblemError } from '../http/problem.js'
import { invalidRequest, parseInput } from '../http/router.js'

/** The variables dashboard middleware puts on the context. */
export type DashEnv = {
  Variables: RequestIdVariables & { session?: Session; publicBase?: string }
}

export type DashContext = Context<DashEnv>

/** The logged-in session of a page behind `requireLogin`. */
export function sessionOf(c: DashContext): Session {
  const session = c.get('session')
  if (!session) throw new Error('page is not behind requireLogin')
  return session
}

/** A form field as trimmed text; absent and file fields read as ''. */
export function field(form: Record<string, unknown>, name: string): string {
  const value = form[name]
  return typeof value === 'string' ? value.trim() : ''
}

/** A form field as given, untrimmed (passwords may start or end with spaces). */
export function rawField(form: Record<string, unknown>, name: string): string {
  const value = form[name]
  return typeof value === 'string' ? value : ''
}

/** Browsers send a textarea's line breaks as CRLF: a `#!/bin/sh\r` line of user data would not run. */
export const unixLines = (text: string) => text.replace(/\r\n?/g, '\n')

/** Runs a service call; a ProblemError comes back as a value so the page can show it. */
export async function attempt<T>(
  run: () => T | Promise<T>
): Promise<{ ok: true; value: T } | { ok: false; problem: ProblemError }> {
  try {
    return { ok: true, value: await run() }
  } catch (err) {
    if (err instanceof ProblemError) return { ok: false, problem: err }
    throw err
  }
}

/** Only local dashboard paths may be a redirect target, never another site. */
export function safeNext(next: string | undefined): string {
  return next && /^\/ui(\/|$)/.test(next) && !next.startsWith('//') ? next : '/ui/nodes'
}

/** The 400 an API caller would get for the same invalid fields, for a form to show. */
export { invalidRequest }

/**
 * Parses form values with the API's own schema; empty fields are left out, as a caller would.
 * `parsed` holds fields the form has already read into their API shape (labels).
 */
export function parseForm<T>(
  schema: z.ZodType<T>,
  values: Record<string, string | undefined>,
  parsed: Record<string, unknown> = {}
): T {
  return parseInput(schema, {
    ...Object.fromEntries(Object.entries(values).filter(([, v]) => v)),
    ...parsed,
  })
}

/** What a refusal says about one field of the form, to show beside it. */
export function errorsOf(problem: ProblemError | undefined, field: string): string[] {
  return (problem?.options.errors ?? []).flatMap((e) => (e.field === field ? [e.message] : []))
}

/**
 * A form-only URL opened with GET (a bookmark, a reload after the form's answer, a shared
 * link) goes to the page the form lives on instead of a dead end.
 */
export const toFormPage = (page: (c: DashContext) => string) => (c: DashContext) =>
  c.redirect(page(c), 303)
