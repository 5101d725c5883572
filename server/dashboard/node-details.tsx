/**
 * @module Node Details: the frame every tab shares (breadcrumb, name and state, the tab bar,
 * the live-update wrapper) and the routes of its tabs (node-tabs.tsx names them; the Console
 * tab is node-console.tsx). Each tab is a page of its own, rendered on the server, so it works
 * without JavaScript and loads only what it shows.
 */
import { Hono } from 'hono'
import type { Child } from 'hono/jsx'
import { csrfTokenMatches } from '../accounts/sessions.service.js'
import type { Deps } from '../deps.js'
import type { Node } from '../nodes/nodes.schema.js'
import { getNode, nodeCredentials } from '../nodes/nodes.service.js'
import { StateBadge, StuckWarning } from './components/status.js'
import { sessionOf, type DashContext, type DashEnv } from './context.js'
import { CSRF_HEADER } from './csrf.js'
import { DeletedElsewhereNotice } from './node-details.view.js'
import type { SettingsProblem } from './node-settings.view.js'
import { TAB_BODIES, principalOf } from './node-tab-bodies.js'
import { NODE_TABS, NodeTabs, nodeTabUrl, type NodeTabKey } from './node-tabs.js'
import { renderPage } from './render.js'

/**
 * The frame of a tab. data-watch-deletion: the page keeps listening after the node settles,
 * to notice a deletion; app.js re-reads the tab's data-refresh sections when the node changes.
 */
function NodeFrame(props: { node: Node; tab: NodeTabKey; children?: Child }) {
  const { node } = props
  const title = node.name ?? node.id
  return (
    <div
      data-node-id={node.id}
      data-status={node.status}
      data-power-state={node.power_state}
      data-poll-url="/ui/api/nodes"
      data-user-data-status={node.user_data_status ?? ''}
      data-watch-deletion
    >
      <p class="breadcrumb wrap-anywhere">
        <a href="/ui/nodes">Nodes</a> /{' '}
        {props.tab === 'overview' ? title : <a href={nodeTabUrl(node.id)}>{title}</a>}
      </p>
      <h1 class="wrap-anywhere">
        {title} <StateBadge node={node} />
      </h1>
      <NodeTabs nodeId={node.id} current={props.tab} />
      <StuckWarning stuck={node.stuck} />
      <DeletedElsewhereNotice />
      {props.children}
    </div>
  )
}

/** One tab of Node Details; `refused` shows a settings form again with what was typed and why. */
export async function nodeTabPage(
  deps: Deps,
  c: DashContext,
  tab: Exclude<NodeTabKey, 'console'>,
  refused?: SettingsProblem
) {
  const node = await getNode(deps, sessionOf(c).user.accountId, c.req.param('id') ?? '')
  const content = await TAB_BODIES[tab](deps, c, node, refused)
  const name = node.name ?? node.id
  const label = NODE_TABS.find((t) => t.key === tab)!.label
  return renderPage(c, {
    title: tab === 'overview' ? name : `${label} · ${name}`,
    nav: 'nodes',
    status: refused?.problem.status,
    body: (
      <NodeFrame node={node} tab={tab}>
        {content}
      </NodeFrame>
    ),
  })
}

/** Node Details' tabs (but Console) and the credentials its Overview reveals. */
export function nodeDetailsRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes/:id', (c) => {
    // The graphs' range links (node-metrics.view.tsx) name the Overview, where they were.
    const range = c.req.query('metrics')
    if (range !== undefined) {
      const graphs = nodeTabUrl(c.req.param('id'), 'graphs')
      return c.redirect(`${graphs}?metrics=${encodeURIComponent(range)}#node-metrics`, 303)
    }
    return nodeTabPage(deps, c, 'overview')
  })
  for (const tab of NODE_TABS) {
    if (tab.key === 'overview' || tab.key === 'console') continue
    app.get(`/ui/nodes/:id${tab.path}`, (c) => nodeTabPage(deps, c, tab.key))
  }

  // Secret, so it is read with fetch and the session's CSRF token, never embedded in the page.
  app.get('/ui/api/nodes/:id/credentials', async (c) => {
    const session = sessionOf(c)
    if (!csrfTokenMatches(session, c.req.header(CSRF_HEADER)))
      return c.json({ error: 'missing CSRF token' }, 403)
    c.header('Cache-Control', 'no-store')
    return c.json(await nodeCredentials(deps, principalOf(session), c.req.param('id')))
  })

  return app
}
