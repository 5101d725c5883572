/**
 * @module The first login with a one-time password: until it is replaced, every dashboard
 * page leads to `/ui/account/new-password`. The API is not blocked; its keys keep working.
 */
import { Hono, type MiddlewareHandler } from 'hono'
import { MIN_PASSWORD_LENGTH } from '../accounts/password-rules.js'
import { replaceOneTimePassword } from '../accounts/one-time-password.service.js'
import type { Deps } from '../deps.js'
import { invalidField, type ProblemError } from '../http/problem.js'
import { Field, PostForm, ProblemAlert } from './components/ui.js'
import {
  attempt,
  rawField,
  safeNext,
  sessionOf,
  type DashContext,
  type DashEnv,
} from './context.js'
import { setFlash } from './flash.js'
import { renderPage } from './render.js'

export const NEW_PASSWORD_PATH = '/ui/account/new-password'

/** What a session with a one-time password may still reach: this page and logging out. */
const ALLOWED = new Set([NEW_PASSWORD_PATH, '/ui/logout'])

/** Sends a user whose password is a one-time one to the page that replaces it, and back after. */
export const requireChosenPassword: MiddlewareHandler<DashEnv> = async (c, next) => {
  const session = c.get('session')
  if (!session?.user.passwordMustChange || ALLOWED.has(c.req.path)) return next()
  if (c.req.path.startsWith('/ui/api/'))
    return c.json({ error: 'the one-time password must be changed first' }, 403)
  const url = new URL(c.req.url)
  const back =
    c.req.method === 'GET' ? `?next=${encodeURIComponent(url.pathname + url.search)}` : ''
  return c.redirect(`${NEW_PASSWORD_PATH}${back}`, 303)
}

function newPasswordPage(c: DashContext, next: string, problem?: ProblemError) {
  const { user, csrfToken } = sessionOf(c)
  const body = (
    <section class="narrow" aria-labelledby="new-password-heading">
      <h1 id="new-password-heading">Choose your password</h1>
      <p>
        You logged in with a one-time password. Choose a password of your own to continue; the
        one-time password stops working. API keys of your account keep working meanwhile.
      </p>
      {problem && <ProblemAlert problem={problem} />}
      <PostForm action={NEW_PASSWORD_PATH} csrf={csrfToken} class="stack">
        <input type="hidden" name="next" value={next} />
        <input type="text" name="username" value={user.email} autocomplete="username" hidden />
        <Field
          id="new-password"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, not the one-time password.`}
        >
          <input
            id="new-password"
            name="new_password"
            type="password"
            required
            autofocus
            minlength={MIN_PASSWORD_LENGTH}
            autocomplete="new-password"
            aria-describedby="new-password-hint"
          />
        </Field>
        <Field id="confirm-password" label="Confirm new password">
          <input
            id="confirm-password"
            name="confirm_password"
            type="password"
            required
            autocomplete="new-password"
          />
        </Field>
        <button type="submit">Save password and continue</button>
      </PostForm>
    </section>
  )
  return renderPage(c, { title: 'Choose your password', status: problem?.status, body })
}

/** `/ui/account/new-password`: only while the password is a one-time one. */
export function newPasswordRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get(NEW_PASSWORD_PATH, (c) => {
    const next = safeNext(c.req.query('next'))
    // A chosen password is changed under Account, which asks for the current one.
    if (!sessionOf(c).user.passwordMustChange) return c.redirect(next, 303)
    return newPasswordPage(c, next)
  })

  app.post(NEW_PASSWORD_PATH, async (c) => {
    const form = await c.req.parseBody()
    const next = safeNext(rawField(form, 'next'))
    if (!sessionOf(c).user.passwordMustChange) return c.redirect(next, 303)
    const password = rawField(form, 'new_password')
    const result = await attempt(async () => {
      if (password !== rawField(form, 'confirm_password')) {
        throw invalidField('confirm_password', 'does not match the new password')
      }
      await replaceOneTimePassword(deps, sessionOf(c), password)
    })
    if (!result.ok) return newPasswordPage(c, next, result.problem)
    setFlash(c, 'ok', 'Your password was saved. Use it from now on to log in.')
    return c.redirect(next, 303)
  })

  return app
}
