/**
 * @module Firewalls in the dashboard: `/ui/firewalls` (the account's firewalls) and
 * `/ui/firewalls/{id}` (one firewall's rules, `apply_to` and the nodes it applies to now).
 * Read through the firewalls service, as `GET /api/v1/firewalls` is; another account's
 * firewall is the not-found page. Creating, editing and deleting: firewall-edit.tsx.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { getFirewall, listFirewalls } from '../firewalls/firewalls.service.js'
import type { ProblemError } from '../http/problem.js'
import { listNodes } from '../nodes/nodes.service.js'
import { LabelChips } from './components/labels.js'
import { Time } from './components/ui.js'
import { sessionOf, type DashContext, type DashEnv } from './context.js'
import {
  ApplyToList,
  DeleteFirewall,
  DeleteRefused,
  FirewallTable,
  NodeLinks,
  RuleTable,
  type NodeNames,
} from './firewalls.view.js'
import { renderPage } from './render.js'

async function nodeNames(deps: Deps, accountId: string): Promise<NodeNames> {
  return new Map((await listNodes(deps, accountId)).map((node) => [node.id, node.name]))
}

/**
 * One firewall's page: its fields, rules and targets, the link to edit it and the delete;
 * `problem` is a refused delete, shown above with the nodes that block it.
 */
export async function firewallPage(deps: Deps, c: DashContext, id: string, problem?: ProblemError) {
  const session = sessionOf(c)
  const accountId = session.user.accountId
  // Throws the 404 for an id not on this account: the dashboard's not-found page.
  const fw = await getFirewall(deps, accountId, id)
  const names = await nodeNames(deps, accountId)
  const body = (
    <>
      <p class="breadcrumb wrap-anywhere">
        <a href="/ui/firewalls">Firewalls</a> / {fw.name}
      </p>
      {problem && <DeleteRefused fw={fw} problem={problem} names={names} />}
      <div class="page-head">
        <h1 class="wrap-anywhere">{fw.name}</h1>
        <a class="button" href={`/ui/firewalls/${fw.id}/edit`}>
          Edit firewall
        </a>
      </div>
      <dl class="fields">
        <dt>ID</dt>
        <dd class="mono">{fw.id}</dd>
        <dt>Labels</dt>
        <dd>
          <LabelChips labels={fw.labels} />
        </dd>
        <dt>Created</dt>
        <dd>
          <Time iso={fw.created_at} />
        </dd>
      </dl>
      <section aria-labelledby="rules-heading">
        <h2 id="rules-heading">Rules</h2>
        <RuleTable rules={fw.rules} />
      </section>
      <section aria-labelledby="apply-heading">
        <h2 id="apply-heading">Applies to</h2>
        <ApplyToList applyTo={fw.apply_to} names={names} />
        <h3>Nodes it applies to now</h3>
        <NodeLinks ids={fw.applied_to_nodes} names={names} />
      </section>
      <DeleteFirewall fw={fw} csrf={session.csrfToken} />
    </>
  )
  return renderPage(c, { title: fw.name, nav: 'firewalls', status: problem?.status, body })
}

export function firewallsRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/firewalls', async (c) => {
    const accountId = sessionOf(c).user.accountId
    const [firewalls, names] = await Promise.all([
      listFirewalls(deps, accountId),
      nodeNames(deps, accountId),
    ])
    const body = (
      <>
        <div class="page-head">
          <h1>Firewalls</h1>
          <a class="button" href="/ui/firewalls/new">
            Create firewall
          </a>
        </div>
        <p class="muted">
          Each firewall lists the traffic allowed in to the nodes it applies to; a node no firewall
          applies to lets everything in.
        </p>
        <FirewallTable firewalls={firewalls} names={names} />
      </>
    )
    return renderPage(c, { title: 'Firewalls', nav: 'firewalls', body })
  })

  app.get('/ui/firewalls/:id', (c) => firewallPage(deps, c, c.req.param('id')))

  return app
}
