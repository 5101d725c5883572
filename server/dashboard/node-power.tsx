/**
 * @module Power actions from Node Details: the buttons (reboot, shut down, power off, power on,
 * reset), each asking first, and the form post that hands the action to the nodes' power
 * service, as `POST /api/v1/nodes/{id}/actions/{action}` does.
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

interface ActionText {
  button: string
  /** What the confirmation says happens, after "<Button> node <label>?". */
  consequence: string
  /** The flash once accepted. */
  accepted: string
  danger?: boolean
}

const ACTIONS: Record<PowerAction, ActionText> = {
  reboot: {
    button: 'Reboot',
    consequence: 'It restarts through its init; connections drop until it is back.',
    accepted: 'is rebooting',
  },
  shutdown: {
    button: 'Shut down',
    consequence:
      'It stops through its init (hard after 60 seconds) and stays off until powered on.',
    accepted: 'is shutting down',
  },
  poweroff: {
    button: 'Power off',
    consequence: 'It stops at once, as pulling the plug: unsaved data may be lost.',
    accepted: 'is powering off',
    danger: true,
  },
  poweron: {
    button: 'Power on',
    consequence: 'It starts and is on once it accepts connections.',
    accepted: 'is powering on',
  },
  reset: {
    button: 'Reset',
    consequence: 'It is powered off at once and on again: unsaved data may be lost.',
    accepted: 'is resetting',
    danger: true,
  },
}

/** Whether `action` makes sense for the node as it is: the others are shown disabled. */
export function actionEnabled(node: Pick<Node, 'status' | 'power_state'>, action: PowerAction) {
  if (node.status !== 'running') return false
  if (node.power_state === 'off') return action === 'poweron'
  if (node.power_state === 'on') return action !== 'poweron'
  return false // rebooting or rebuilding: wait for it
}

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

/**
 * The power section of Node Details. app.js re-renders it (data-refresh) when the node's
 * status or power state changes, so only the sensible buttons are enabled.
 */
export function PowerActions(props: { node: Node; csrf: string }) {
  const { node, csrf } = props
  const label = nodeLabel(node)
  return (
    <section id="power" aria-labelledby="power-heading" data-refresh>
      <h2 id="power-heading">Power</h2>
      <p>
        Power state: <PowerBadge state={node.power_state} />
      </p>
      <PowerNote node={node} />
      <div class="actions">
        {POWER_ACTIONS.map((action) => {
          const text = ACTIONS[action]
          return (
            <PostForm
              action={`/ui/nodes/${node.id}/power/${action}`}
              csrf={csrf}
              confirm={`${text.button} node ${label}? ${text.consequence}`}
              class="inline-form"
            >
              <button
                class={text.danger ? 'danger-button' : 'secondary'}
                disabled={!actionEnabled(node, action)}
              >
                {text.button}
              </button>
            </PostForm>
          )
        })}
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

  app.get(
    '/ui/nodes/:id/power/:action',
    toFormPage((c) => detailsOf(c.req.param('id') ?? ''))
  )

  app.post('/ui/nodes/:id/power/:action', async (c) => {
    const action = c.req.param('action')
    if (!isAction(action)) return dashboardNotFound(c)
    const accountId = sessionOf(c).user.accountId
    // Another account's node, or none: the not-found page, not a flash on someone's page.
    const node = await getNode(deps, accountId, c.req.param('id'))
    const text = ACTIONS[action]
    const result = await attempt(() => powerNode(deps, accountId, node.id, action))
    if (result.ok) setFlash(c, 'ok', `Node ${nodeLabel(node)} ${text.accepted}.`)
    else setFlash(c, 'error', `${text.button} refused: ${result.problem.message}`)
    return c.redirect(detailsOf(node.id), 303)
  })

  return app
}
