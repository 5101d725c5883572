import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { CreateNodeBody, type Node } from '../nodes/nodes.schema.js'
import { createNode } from '../nodes/nodes.service.js'
import { listVpcs } from '../vpcs/vpcs.service.js'
import { ProblemAlert } from './components/ui.js'
import { attempt, field, parseForm, sessionOf, type DashContext, type DashEnv } from './context.js'
import { inventoryPlaces, nodesWithCosts, nodeStatusJson } from './nodes.data.js'
import {
  CreateNodeForm,
  EmptyNodes,
  NodeFilter,
  NoNodeMatches,
  NodeTable,
  type CreateValues,
} from './nodes.view.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'

async function nodesPage(deps: Deps, c: DashContext, values: CreateValues, problem?: ProblemError) {
  const session = sessionOf(c)
  const accountId = session.user.accountId
  const selector = c.req.query('label_selector')?.trim() || undefined
  const [listed, places, vpcs] = await Promise.all([
    attempt(() => nodesWithCosts(deps, accountId, selector)),
    inventoryPlaces(deps),
    listVpcs(deps, accountId),
  ])
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
      <section id="create-node" aria-labelledby="create-heading">
        <h2 id="create-heading">Create a node</h2>
        {problem && <ProblemAlert problem={problem} />}
        <p class="muted">Billing is per second, from creation until you delete the node.</p>
        <CreateNodeForm
          csrf={session.csrfToken}
          regions={places.regions}
          vpcs={vpcs}
          values={values}
        />
      </section>
    </>
  )
  const status = problem?.status ?? (listed.ok ? undefined : listed.problem.status)
  return renderPage(c, { title: 'Nodes', nav: 'nodes', status, body })
}

/** Node Management: `/ui/nodes` (table and create form) and the status JSON it polls. */
export function nodesRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes', (c) => nodesPage(deps, c, { host_id: c.req.query('host_id') }))

  app.post('/ui/nodes', async (c) => {
    const form = await c.req.parseBody()
    const values: CreateValues = {
      name: field(form, 'name'),
      region: field(form, 'region'),
      vpc_id: field(form, 'vpc_id'),
      host_id: field(form, 'host_id'),
    }
    const accountId = sessionOf(c).user.accountId
    return submitOnce<Node>(deps, c, form, {
      run: (answer) =>
        createNode(deps, accountId, parseForm(CreateNodeBody, { ...values }), answer),
      done: (node) => ({
        location: '/ui/nodes',
        flash: `Node ${node.name ?? node.id} is provisioning. Its status updates here by itself.`,
      }),
      failed: (problem) => nodesPage(deps, c, values, problem),
      pending: {
        location: '/ui/nodes',
        flash: 'Your node is still being created; it shows in the table below.',
      },
    })
  })

  app.get('/ui/api/nodes', async (c) => {
    const since = /^\d{1,15}$/.test(c.req.query('since') ?? '')
      ? Number(c.req.query('since'))
      : undefined
    return c.json(await nodeStatusJson(deps, sessionOf(c).user.accountId, since))
  })

  return app
}
