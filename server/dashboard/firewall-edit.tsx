/**
 * @module Changing firewalls from the dashboard: `/ui/firewalls/new`, `/ui/firewalls/{id}/edit`
 * and the delete. Each goes through the firewalls service with the body parsed by the API's own
 * schemas, so the limits, the 409s and the events are the API's.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import {
  CreateFirewallBody,
  UpdateFirewallBody,
  type Firewall,
} from '../firewalls/firewalls.schema.js'
import {
  createFirewall,
  deleteFirewall,
  getFirewall,
  updateFirewall,
} from '../firewalls/firewalls.service.js'
import type { ProblemError } from '../http/problem.js'
import { parseInput } from '../http/router.js'
import { listNodes } from '../nodes/nodes.service.js'
import { attempt, sessionOf, toFormPage, type DashContext, type DashEnv } from './context.js'
import {
  bodyOf,
  NEW_FIREWALL_VALUES,
  sameTargets,
  valuesOf,
  valuesOfFirewall,
  type FirewallValues,
} from './firewall-form.js'
import { BLANK_ROWS, FirewallForm } from './firewall-form.view.js'
import { firewallPage } from './firewalls.js'
import { setFlash } from './flash.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'

const LIST = '/ui/firewalls'
const pageOf = (id: string) => `${LIST}/${encodeURIComponent(id)}`

/** The form page: new when `fw` is absent, else the edit of `fw`. */
async function formPage(
  deps: Deps,
  c: DashContext,
  view: { fw?: Firewall; values: FirewallValues; problem?: ProblemError; blankRows?: number }
) {
  const session = sessionOf(c)
  const nodes = await listNodes(deps, session.user.accountId)
  const { fw } = view
  const title = fw ? `Edit firewall ${fw.name}` : 'Create a firewall'
  const body = (
    <>
      <p class="breadcrumb wrap-anywhere">
        <a href={LIST}>Firewalls</a>
        {fw && (
          <>
            {' '}
            / <a href={pageOf(fw.id)}>{fw.name}</a>
          </>
        )}
      </p>
      <h1 class="wrap-anywhere">{title}</h1>
      <FirewallForm
        action={fw ? `${pageOf(fw.id)}/edit` : `${LIST}/new`}
        csrf={session.csrfToken}
        values={view.values}
        nodes={nodes}
        submit={fw ? 'Save firewall' : 'Create firewall'}
        cancel={fw ? pageOf(fw.id) : LIST}
        once={!fw}
        blankRows={view.blankRows}
        problem={view.problem}
      />
    </>
  )
  return renderPage(c, { title, nav: 'firewalls', status: view.problem?.status, body })
}

/** "More rule rows": the same form again, as typed, with more blank rows; nothing is saved. */
const moreRows = (form: Record<string, unknown>) =>
  form.more_rows === undefined ? undefined : BLANK_ROWS + 3

/** The PATCH body for the form: every field, but `apply_to` only when its targets changed. */
function patchOf(values: FirewallValues, before: Firewall) {
  const body = parseInput(UpdateFirewallBody, bodyOf(values))
  const { apply_to: applyTo, ...rest } = body
  // The form lists nodes before selectors; the same targets in another order are no change.
  return applyTo && sameTargets(applyTo, before.apply_to) ? rest : body
}

export function firewallEditRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const account = (c: DashContext) => sessionOf(c).user.accountId

  app.get(`${LIST}/new`, (c) => formPage(deps, c, { values: NEW_FIREWALL_VALUES }))

  app.post(`${LIST}/new`, async (c) => {
    const form = await c.req.parseBody({ all: true })
    const values = valuesOf(form)
    const blankRows = moreRows(form)
    if (blankRows) return formPage(deps, c, { values, blankRows })
    return submitOnce<Firewall>(deps, c, form, {
      run: (answer) =>
        createFirewall(deps, account(c), parseInput(CreateFirewallBody, bodyOf(values)), answer),
      done: (fw) => ({ location: pageOf(fw.id), flash: `Created firewall ${fw.name}.` }),
      failed: (problem) => formPage(deps, c, { values, problem }),
      pending: { location: LIST, flash: 'Your firewall is still being created; it shows below.' },
    })
  })

  app.get(`${LIST}/:id/edit`, async (c) => {
    const fw = await getFirewall(deps, account(c), c.req.param('id'))
    return formPage(deps, c, { fw, values: valuesOfFirewall(fw) })
  })

  app.post(`${LIST}/:id/edit`, async (c) => {
    // Another account's id is the not-found page, before anything is read from the form.
    const fw = await getFirewall(deps, account(c), c.req.param('id'))
    const form = await c.req.parseBody({ all: true })
    const values = valuesOf(form)
    const blankRows = moreRows(form)
    if (blankRows) return formPage(deps, c, { fw, values, blankRows })
    const result = await attempt(() => updateFirewall(deps, account(c), fw.id, patchOf(values, fw)))
    if (!result.ok) return formPage(deps, c, { fw, values, problem: result.problem })
    setFlash(c, 'ok', `Saved firewall ${result.value.name}.`)
    return c.redirect(pageOf(fw.id), 303)
  })

  app.get(
    `${LIST}/:id/delete`,
    toFormPage((c) => pageOf(c.req.param('id') ?? ''))
  )
  app.post(`${LIST}/:id/delete`, async (c) => {
    const fw = await getFirewall(deps, account(c), c.req.param('id'))
    const result = await attempt(() => deleteFirewall(deps, account(c), fw.id))
    if (!result.ok) return firewallPage(deps, c, fw.id, result.problem)
    setFlash(c, 'ok', `Deleted firewall ${fw.name}.`)
    return c.redirect(LIST, 303)
  })

  return app
}
