/**
 * @module Rebuilding a node from the dashboard: the Rebuild section of Node Details, the page
 * that asks first (the disk is wiped; optional new user data) and the form post that hands the
 * rebuild to the nodes' rebuild service, as `POST /api/v1/nodes/{id}/actions/rebuild` does. The
 * new root password goes to Node Details through the secret handover, to be shown once.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { parseInput } from '../http/router.js'
import { rebuildNode } from '../nodes/node-rebuild.service.js'
import { RebuildNodeBody, type Node } from '../nodes/nodes.schema.js'
import { getNode } from '../nodes/nodes.service.js'
import { PowerBadge } from './components/status.js'
import { Alert, CopyButton, described, Field, PostForm, ProblemAlert } from './components/ui.js'
import {
  attempt,
  rawField,
  unixLines,
  sessionOf,
  toFormPage,
  type DashContext,
  type DashEnv,
} from './context.js'
import { setFlash } from './flash.js'
import { nodeLabel } from './node-details.view.js'
import { nodeTabUrl } from './node-tabs.js'
import { renderPage } from './render.js'
import { handOverSecret, type NewSecret } from './secret-handover.js'

const detailsOf = (id: string) => `/ui/nodes/${encodeURIComponent(id)}`
// The Power tab: where the rebuild starts, and where its new root password is shown once.
const powerOf = (id: string) => nodeTabUrl(id, 'power')

/** Whether a rebuild can start now (as rebuildNode's refusals say); the link shows only then. */
function canStart(node: Node): boolean {
  return node.status === 'running' && (node.power_state === 'on' || node.power_state === 'off')
}

/**
 * The Rebuild section of Node Details. app.js re-renders it (data-refresh) when the power
 * state changes, so the link is there only while a rebuild can start.
 */
export function RebuildSection(props: { node: Node; supported: boolean }) {
  const { node } = props
  return (
    <section id="rebuild" aria-labelledby="rebuild-heading" data-refresh>
      <h2 id="rebuild-heading">Rebuild</h2>
      <p>
        Wipes the disk and installs the node again from the current image. It keeps its id,
        addresses, SSH keys, labels, VPC and firewalls; the root password changes.
      </p>
      {!props.supported ? (
        <p class="muted">This server's driver cannot rebuild nodes.</p>
      ) : canStart(node) ? (
        <a class="button secondary" href={`${detailsOf(node.id)}/confirm-rebuild`}>
          Rebuild…
        </a>
      ) : (
        <p class="muted">
          A rebuild can start once the node is running and no other action is under way.
        </p>
      )}
    </section>
  )
}

/** On Node Details right after a rebuild was accepted: the new root password, this once. */
export function NewRootPassword(props: { secret?: NewSecret }) {
  if (!props.secret) return null
  return (
    <section class="new-key" aria-labelledby="new-password-heading">
      <h2 id="new-password-heading">New root password of {props.secret.name}</h2>
      <Alert kind="warn">
        <p>
          The rebuild gave root a new password. This notice shows it once, on this view; Reveal
          under Connection, on the Overview tab, shows it again whenever password login is on.
        </p>
      </Alert>
      <p class="secret-line">
        <code id="new-root-password">{props.secret.secret}</code>{' '}
        <CopyButton target="#new-root-password" label="Copy password" />
      </p>
    </section>
  )
}

function ConfirmPage(props: {
  node: Node
  csrf: string
  userData: string
  problem?: ProblemError
}) {
  const { node } = props
  const errors = props.problem?.options.errors?.flatMap((e) =>
    e.field === 'user_data' ? [e.message] : []
  )
  const none = node.user_data_status === null
  return (
    <>
      <p class="breadcrumb wrap-anywhere">
        <a href="/ui/nodes">Nodes</a> / <a href={detailsOf(node.id)}>{node.name ?? node.id}</a>
      </p>
      <h1 class="wrap-anywhere">Rebuild node {nodeLabel(node)}?</h1>
      {props.problem && <ProblemAlert problem={props.problem} />}
      <Alert kind="warn">
        <p>
          <strong>Everything on the node's disk is wiped</strong>: files, installed packages, logs.
          This cannot be undone.
        </p>
      </Alert>
      <p>
        The node is installed again from the current image and keeps its id, name, labels,
        addresses, SSH keys, VPC and firewalls. Its root password changes: the new one is shown
        once, on the node's page. Billing goes on without a break.
      </p>
      <p>
        Power state now: <PowerBadge state={node.power_state} />
      </p>
      <PostForm action={`${detailsOf(node.id)}/rebuild`} csrf={props.csrf}>
        <Field
          id="rebuild-user-data"
          label="New user data (optional)"
          hint={
            none
              ? 'The node has no user data. Give some to run it once on the rebuilt node: a shell script starting with #!, or #cloud-config. At most 32 KiB.'
              : "Empty keeps the node's own user data, which runs again on the rebuilt node. Or give new: a shell script starting with #!, or #cloud-config. At most 32 KiB."
          }
          errors={errors}
        >
          <textarea
            id="rebuild-user-data"
            name="user_data"
            class="mono"
            rows={6}
            maxlength={32 * 1024}
            spellcheck={false}
            placeholder={'#!/bin/sh\necho hello > /root/hello.txt'}
            {...described('rebuild-user-data', true, errors)}
          >
            {props.userData}
          </textarea>
        </Field>
        <div class="actions">
          <button class="danger-button wrap-anywhere">Rebuild node {nodeLabel(node)}</button>
          <a href={powerOf(node.id)}>Cancel and keep the node as it is</a>
        </div>
      </PostForm>
    </>
  )
}

async function confirmPage(deps: Deps, c: DashContext, userData = '', problem?: ProblemError) {
  const session = sessionOf(c)
  const node = await getNode(deps, session.user.accountId, c.req.param('id') ?? '')
  const body = (
    <ConfirmPage node={node} csrf={session.csrfToken} userData={userData} problem={problem} />
  )
  const title = `Rebuild ${node.name ?? node.id}`
  return renderPage(c, { title, nav: 'nodes', status: problem?.status, body })
}

export function nodeRebuildRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes/:id/confirm-rebuild', (c) => confirmPage(deps, c))
  app.get(
    '/ui/nodes/:id/rebuild',
    toFormPage((c) => powerOf(c.req.param('id') ?? ''))
  )

  app.post('/ui/nodes/:id/rebuild', async (c) => {
    const accountId = sessionOf(c).user.accountId
    // Another account's node, or none: the not-found page.
    const node = await getNode(deps, accountId, c.req.param('id'))
    const userData = unixLines(rawField(await c.req.parseBody(), 'user_data'))
    const result = await attempt(() => {
      // Empty keeps the node's own, as a body without user_data does.
      const body = parseInput(RebuildNodeBody, userData.trim() ? { user_data: userData } : {})
      return rebuildNode(deps, accountId, node.id, body.user_data)
    })
    if (!result.ok) return confirmPage(deps, c, userData, result.problem)
    const label = nodeLabel(node)
    handOverSecret(deps, c, powerOf(node.id), { name: label, secret: result.value.root_password })
    setFlash(c, 'ok', `Node ${label} is rebuilding. Its new root password is below.`)
    return c.redirect(powerOf(node.id), 303)
  })

  return app
}
