import { setTimeout as sleep } from 'node:timers/promises'
import { Hono } from 'hono'
import { login, logout } from '../accounts/sessions.service.js'
import type { Deps } from '../deps.js'
import { Alert, CsrfField, Field } from './components/ui.js'
import { attempt, field, rawField, safeNext, type DashEnv, toFormPage } from './context.js'
import { loginCsrfToken } from './csrf.js'
import { setFlash } from './flash.js'
import { renderPage } from './render.js'
import { clearSessionCookie, setSessionCookie } from './session.js'

/** A failed login waits this long, which slows password guessing without locking anyone out. */
const FAILED_LOGIN_DELAY_MS = 700

function LoginForm(props: { csrf: string; next: string; email?: string; error?: string }) {
  return (
    <section class="narrow">
      <h1>Log in to nodeplane</h1>
      {props.error && (
        <Alert kind="error">
          <p>{props.error}</p>
        </Alert>
      )}
      <form method="post" action="/ui/login" class="stack">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="next" value={props.next} />
        <Field id="email" label="Email">
          <input
            id="email"
            name="email"
            type="email"
            required
            autocomplete="username"
            value={props.email}
            autofocus={!props.email}
          />
        </Field>
        <Field id="password" label="Password">
          <input
            id="password"
            name="password"
            type="password"
            required
            autocomplete="current-password"
            autofocus={!!props.email}
          />
        </Field>
        <button type="submit">Log in</button>
      </form>
      <p class="muted">
        On first start the server prints the admin's one-time password (admin@nodeplane.local);
        after logging in with it you choose your own. Other users are created with{' '}
        <code>nodeplane users create</code>; a forgotten password is replaced with{' '}
        <code>nodeplane users reset-password</code>.
      </p>
    </section>
  )
}

/** `/ui/login` (GET, POST) and `/ui/logout` (POST). */
export function loginRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/login', (c) => {
    const next = safeNext(c.req.query('next'))
    if (c.get('session')) return c.redirect(next, 303)
    return renderPage(c, {
      title: 'Log in',
      body: <LoginForm csrf={loginCsrfToken(c)} next={next} />,
    })
  })

  app.post('/ui/login', async (c) => {
    const form = await c.req.parseBody()
    const email = field(form, 'email')
    const next = safeNext(field(form, 'next'))
    const result = await attempt(() => login(deps, email, rawField(form, 'password')))
    if (!result.ok) {
      await sleep(FAILED_LOGIN_DELAY_MS)
      const body = (
        <LoginForm
          csrf={loginCsrfToken(c)}
          next={next}
          email={email}
          error={result.problem.message}
        />
      )
      return renderPage(c, { title: 'Log in', status: 401, body })
    }
    setSessionCookie(c, result.value.token)
    return c.redirect(next, 303)
  })

  // Logging out changes state, so only the form's POST does it.
  app.get(
    '/ui/logout',
    toFormPage(() => '/ui/nodes')
  )
  app.post('/ui/logout', async (c) => {
    const session = c.get('session')
    if (session) await logout(deps, session)
    clearSessionCookie(c)
    setFlash(c, 'ok', 'You are logged out.')
    return c.redirect('/ui/login', 303)
  })

  return app
}
