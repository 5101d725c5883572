/**
 * @module Deleting a node from the dashboard: the confirmation page the nodes table's row menu
 * leads to, and the form post that deletes.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { deleteNode, getNode } from '../nodes/nodes.service.js'
import { sessionOf, type DashEnv } from './context.js'
import { setFlash } from './flash.js'
import { DeleteNode, nodeLabel } from './node-details.view.js'
import { renderPage } from './render.js'

export function nodeDeleteRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes/:id/confirm-delete', async (c) => {
    const session = sessionOf(c)
    const node = await getNode(deps, session.user.accountId, c.req.param('id'))
    const details = `/ui/nodes/${node.id}`
    const body = (
      <>
        <p class="breadcrumb">
          <a href="/ui/nodes">Nodes</a> / <a href={details}>{node.name ?? node.id}</a>
        </p>
        <h1 class="wrap-anywhere">Delete node {nodeLabel(node)}?</h1>
        <p>This cannot be undone.</p>
        <DeleteNode node={node} csrf={session.csrfToken} />
        <p>
          <a href={details}>Cancel and keep the node</a>
        </p>
      </>
    )
    return renderPage(c, { title: `Delete ${node.name ?? node.id}`, nav: 'nodes', body })
  })

  app.post('/ui/nodes/:id/delete', async (c) => {
    const id = c.req.param('id')
    const node = await getNode(deps, sessionOf(c).user.accountId, id)
    await deleteNode(deps, sessionOf(c).user.accountId, id)
    setFlash(c, 'ok', `Node ${node.name ?? node.id} is being deleted. Billing has stopped.`)
    return c.redirect('/ui/nodes', 303)
  })

  return app
}
