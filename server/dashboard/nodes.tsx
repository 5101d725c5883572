import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { ProblemAlert } from './components/ui.js'
import { attempt, sessionOf, type DashContext, type DashEnv } from './context.js'
import { nodesWithCosts, nodeStatusJson } from './nodes.data.js'
import { EmptyNodes, NodeFilter, NoNodeMatches, NodeTable } from './nodes.view.js'
import { renderPage } from './render.js'

async function nodesPage(deps: Deps, c: DashContext) {
  const accountId = sessionOf(c).user.accountId
  const selector = c.req.query('label_selector')?.trim() || undefined
  const listed = await attempt(() => nodesWithCosts(deps, accountId, selector))
  const nodes = listed.ok ? listed.value : []
  const body = (
    <>
      <div class="page-head">
        <h1>Nodes</h1>
        <a class="button" href="/ui/nodes/new">
          Create node
        </a>
      </div>
      <NodeFilter selector={selector} />
      {!listed.ok && <ProblemAlert problem={listed.problem} />}
      {nodes.length > 0 ? (
        <NodeTable nodes={nodes} />
      ) : selector ? (
        listed.ok && <NoNodeMatches selector={selector} />
      ) : (
        <EmptyNodes />
      )}
    </>
  )
  const status = listed.ok ? undefined : listed.problem.status
  return renderPage(c, { title: 'Nodes', nav: 'nodes', status, body })
}

/**
 * Node Management: `/ui/nodes` (the table; creating is the Create node page, create-node.tsx,
 * the one create form) and the status JSON it polls.
 */
export function nodesRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes', (c) => nodesPage(deps, c))

  app.get('/ui/api/nodes', async (c) => {
    const since = /^\d{1,15}$/.test(c.req.query('since') ?? '')
      ? Number(c.req.query('since'))
      : undefined
    return c.json(await nodeStatusJson(deps, sessionOf(c).user.accountId, since))
  })

  return app
}
