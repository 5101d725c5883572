/**
 * @module Power actions from Node Details' Power tab: the buttons (reboot, shut down, power off,
 * power on, reset), each asking first on a confirmation page of its own, and the form post that
 * hands the action to the nodes' power service, as `POST /api/v1/nodes/{id}/actions/{action}`
 * does.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { powerNode } from '../nodes/node-power.service.js'
import type { Node } from '../nodes/nodes.schema.js'
import { getNode } from '../nodes/nodes.service.js'
import { POWER_ACTIONS } from '../nodes/nodes.table.js'
import type { PowerAction } from '../provisioning/driver.js'
import { PowerBadge } from './components/status.js'
import { PostForm } from './components/ui.js'
import { attempt, sessionOf, toFormPage, type DashEnv } from './context.js'
import { dashboardNotFound } from './errors.js'
import { setFlash } from './flash.js'
import { nodeLabel } from './node-details.view.js'
import { actionEnabled, POWER_TEXT } from './power-actions.js'
import { nodeTabUrl } from './node-tabs.js'
import { renderPage } from './render.js'

function PowerNote(props: { node: Node }) {
  const { node } = props
  if (node.status !== 'running')
    return <p class="muted">Power actions work once the node is running.</p>
  if (node.power_state === 'rebooting' || node.power_state === 'rebuilding')
    return <p class="muted">The node is {node.power_state}; the buttons return when it is on.</p>
  if (node.power_state === 'off')
    return <p class="muted">The node is off. It keeps its disk, addresses and billing.</p>
  return null
}

/** One action's form on its confirmation page, which is itself the question. */
function PowerForm(props: { node: Node; action: PowerAction; csrf: string }) {
  const { node, action } = props
  const text = POWER_TEXT[action]
  return (
    <PostForm action={`/ui/nodes/${node.id}/power/${action}`} csrf={props.csrf} class="inline-form">
      <button
        class={text.danger ? 'danger-button' : 'secondary'}
        disabled={!actionEnabled(node, action)}
      >
        {text.button}
      </button>
    </PostForm>
  )
}

/**
 * One action's button on the Power tab: a plain GET form to its confirmation page (the page
 * the nodes table's menu leads to), so it asks the same way everywhere, without script.
 */
function AskPower(props: { node: Node; action: PowerAction }) {
  const { node, action } = props
  const text = POWER_TEXT[action]
  return (
    <form method="get" action={`/ui/nodes/${node.id}/confirm-power/${action}`} class="inline-form">
      <button
        class={text.danger ? 'danger-button' : 'secondary'}
        disabled={!actionEnabled(node, action)}
      >
        {text.button}
      </button>
    </form>
  )
}

/**
 * The Power tab's section. app.js re-renders it (data-refresh) when the node's status or power
 * state changes, so only the sensible buttons are enabled.
 */
export function PowerActions(props: { node: Node }) {
  const { node } = props
  return (
    <section id="power" aria-labelledby="power-heading" data-refresh>
      <h2 id="power-heading">Power</h2>
      <p>
        Power state: <PowerBadge state={node.power_state} />
      </p>
      <PowerNote node={node} />
      <div class="actions">
        {POWER_ACTIONS.map((action) => (
          <AskPower node={node} action={action} />
        ))}
      </div>
    </section>
  )
}

function isAction(name: string | undefined): name is PowerAction {
  return (POWER_ACTIONS as readonly string[]).includes(name ?? '')
}

export function nodePowerRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const detailsOf = (id: string) => `/ui/nodes/${encodeURIComponent(id)}`
  const powerOf = (id: string) => nodeTabUrl(id, 'power')

  app.get(
    '/ui/nodes/:id/power/:action',
    toFormPage((c) => powerOf(c.req.param('id') ?? ''))
  )

  // A page that asks first (the nodes table's menu leads here): it works without script.
  app.get('/ui/nodes/:id/confirm-power/:action', async (c) => {
    const action = c.req.param('action')
    if (!isAction(action)) return dashboardNotFound(c)
    const session = sessionOf(c)
    const node = await getNode(deps, session.user.accountId, c.req.param('id'))
    const text = POWER_TEXT[action]
    const details = detailsOf(node.id)
    const body = (
      <>
        <p class="breadcrumb wrap-anywhere">
          <a href="/ui/nodes">Nodes</a> / <a href={details}>{node.name ?? node.id}</a>
        </p>
        <h1 class="wrap-anywhere">
          {text.button} node {nodeLabel(node)}?
        </h1>
        <p>{text.consequence}</p>
        <p>
          Power state now: <PowerBadge state={node.power_state} />
        </p>
        <PowerNote node={node} />
        <PowerForm node={node} action={action} csrf={session.csrfToken} />
        <p>
          <a href={powerOf(node.id)}>Cancel and go back to the node</a>
        </p>
      </>
    )
    return renderPage(c, { title: `${text.button} ${node.name ?? node.id}`, nav: 'nodes', body })
  })

  app.post('/ui/nodes/:id/power/:action', async (c) => {
    const action = c.req.param('action')
    if (!isAction(action)) return dashboardNotFound(c)
    const accountId = sessionOf(c).user.accountId
    // Another account's node, or none: the not-found page, not a flash on someone's page.
    const node = await getNode(deps, accountId, c.req.param('id'))
    const text = POWER_TEXT[action]
    const result = await attempt(() => powerNode(deps, accountId, node.id, action))
    if (result.ok) setFlash(c, 'ok', `Node ${nodeLabel(node)} ${text.accepted}.`)
    else setFlash(c, 'error', `${text.button} refused: ${result.problem.message}`)
    return c.redirect(powerOf(node.id), 303)
  })

  return app
}
