import { Hono } from 'hono'
import { changePassword, MIN_PASSWORD_LENGTH } from '../accounts/sessions.service.js'
import type { Deps } from '../deps.js'
import { invalidField, type ProblemError } from '../http/problem.js'
import { accountLimits } from '../limits/limits.service.js'
import { AccountLimitsSection } from './account-limits.view.js'
import { Field, PostForm, ProblemAlert } from './components/ui.js'
import {
  attempt,
  rawField,
  sessionOf,
  type DashContext,
  type DashEnv,
  toFormPage,
} from './context.js'
import { setFlash } from './flash.js'
import { renderPage } from './render.js'

async function accountPage(deps: Deps, c: DashContext, problem?: ProblemError) {
  const { user, csrfToken } = sessionOf(c)
  const { limits } = await accountLimits(deps, user.accountId)
  const body = (
    <>
      <h1>Account</h1>
      <dl class="fields">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Account</dt>
        <dd class="mono">{user.accountId}</dd>
        <dt>Role</dt>
        <dd>{user.isAdmin ? 'administrator' : 'user'}</dd>
      </dl>
      <AccountLimitsSection limits={limits} />
      <section aria-labelledby="password-heading" class="narrow">
        <h2 id="password-heading">Change password</h2>
        <p class="muted">
          If you logged in with the one-time password printed on first start, replace it here. Your
          other sessions are logged out.
        </p>
        {problem && <ProblemAlert problem={problem} />}
        <PostForm action="/ui/account/password" csrf={csrfToken} class="stack">
          <input type="text" name="username" value={user.email} autocomplete="username" hidden />
          <Field id="current-password" label="Current password">
            <input
              id="current-password"
              name="current_password"
              type="password"
              required
              autocomplete="current-password"
            />
          </Field>
          <Field
            id="new-password"
            label="New password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            <input
              id="new-password"
              name="new_password"
              type="password"
              required
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
          <button type="submit">Change password</button>
        </PostForm>
      </section>
    </>
  )
  return renderPage(c, { title: 'Account', nav: 'account', status: problem?.status, body })
}

/** `/ui/account`: who is logged in, the account's limits, and the password change. */
export function accountRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/account', (c) => accountPage(deps, c))

  app.get(
    '/ui/account/password',
    toFormPage(() => '/ui/account')
  )
  app.post('/ui/account/password', async (c) => {
    const form = await c.req.parseBody()
    const next = rawField(form, 'new_password')
    const result = await attempt(async () => {
      if (next !== rawField(form, 'confirm_password'))
        throw invalidField('confirm_password', 'does not match the new password')
      await changePassword(deps, sessionOf(c), rawField(form, 'current_password'), next)
    })
    if (!result.ok) return accountPage(deps, c, result.problem)
    setFlash(c, 'ok', 'Your password was changed. Other sessions were logged out.')
    return c.redirect('/ui/account', 303)
  })

  return app
}
