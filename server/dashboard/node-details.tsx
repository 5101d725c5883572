import { Hono } from 'hono'
import type { Principal } from '../api-keys/api-keys.service.js'
import type { Deps } from '../deps.js'
import { getHost } from '../compute-hosts/compute-hosts.service.js'
import { getNode, nodeCredentials } from '../nodes/nodes.service.js'
import { attachIp, detachIp, nodeAddresses } from '../public-ips/public-ips.service.js'
import { listSshKeys } from '../ssh-keys/ssh-keys.service.js'
import { listVpcs } from '../vpcs/vpcs.service.js'
import { csrfTokenMatches, type Session } from '../accounts/sessions.service.js'
import { StateBadge, StuckWarning } from './components/status.js'
import { attempt, field, sessionOf, type DashContext, type DashEnv, toFormPage } from './context.js'
import { CSRF_HEADER } from './csrf.js'
import { setFlash } from './flash.js'
import {
  Addresses,
  Credentials,
  DeleteNode,
  DeletedElsewhereNotice,
  NodeFields,
} from './node-details.view.js'
import { EventTable } from './events.view.js'
import { listEvents } from '../events/events.service.js'
import { EventsQuery } from '../events/events.schema.js'
import { nodeCosts } from './nodes.data.js'
import {
  NameAndLabels,
  NotSavedNotice,
  SshAccess,
  type SettingsProblem,
} from './node-settings.view.js'
import { PowerActions } from './node-power.js'
import { NodeTabs } from './node-console.js'
import { NewRootPassword, RebuildSection } from './node-rebuild.js'
import { takeSecret } from './secret-handover.js'
import { firewallsForNode } from '../firewalls/firewalls.service.js'
import { NodeFirewalls } from './firewalls.view.js'
import { UserDataSection } from './node-user-data.view.js'
import { MetricsSection } from './node-metrics.view.js'
import { metricRangeOf, nodeMetricsOver } from './node-metrics.data.js'
import { userDataResultOf } from './node-user-data.data.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'
import type { AttachResult } from '../public-ips/public-ips.schema.js'

/** A logged-in user acts with the rights of a read_write key on their own account. */
function principalOf(session: Session): Principal {
  return { accountId: session.user.accountId, keyId: 'session', scope: 'read_write' }
}

/** Node Details; `refused` shows a settings form again with what was typed and why. */
export async function detailsPage(
  deps: Deps,
  c: DashContext,
  id: string,
  refused?: SettingsProblem
) {
  const session = sessionOf(c)
  const accountId = session.user.accountId
  const node = await getNode(deps, accountId, id)
  // Named by hostname and datacenter rather than a bare id; a host gone from the inventory
  // leaves the id.
  const host = await getHost(deps, node.host_id).catch(() => undefined)
  const vpcName = (await listVpcs(deps, accountId)).find((vpc) => vpc.id === node.vpc_id)?.name
  const cost = (await nodeCosts(deps, accountId)).get(node.id)
  const addresses = await nodeAddresses(deps, node.id)
  const sshKeys = await listSshKeys(deps, accountId)
  const firewalls = await firewallsForNode(deps, accountId, node.id)
  const userData = await userDataResultOf(deps, principalOf(session), node)
  const range = metricRangeOf(c.req.query('metrics'))
  const metrics = await nodeMetricsOver(deps, accountId, node.id, range)
  const events = await listEvents(
    deps,
    accountId,
    EventsQuery.parse({ resource_id: node.id, limit: 20 })
  )
  // Handed over by an accepted rebuild (node-rebuild.tsx): shown on this one view only.
  const rebuilt = takeSecret(deps, c, `/ui/nodes/${encodeURIComponent(node.id)}`)
  const title = node.name ?? node.id
  const body = (
    // data-watch-deletion: the page keeps listening after the node settles, to notice a deletion.
    <div
      data-node-id={node.id}
      data-status={node.status}
      data-power-state={node.power_state}
      data-poll-url="/ui/api/nodes"
      data-user-data-status={node.user_data_status ?? ''}
      data-watch-deletion
    >
      <p class="breadcrumb">
        <a href="/ui/nodes">Nodes</a> / {title}
      </p>
      <h1>
        {title} <StateBadge node={node} />
      </h1>
      <NodeTabs nodeId={node.id} current="overview" />
      <StuckWarning stuck={node.stuck} />
      <NotSavedNotice refused={refused} />
      <DeletedElsewhereNotice />
      <NewRootPassword secret={rebuilt} />
      {/* data-refresh: re-read when the status changes, so "Reachable since" fills in. */}
      <div id="node-fields" data-refresh>
        <NodeFields node={node} vpcName={vpcName} cost={cost} host={host} />
      </div>
      <PowerActions node={node} csrf={session.csrfToken} />
      <RebuildSection node={node} supported={deps.worker.canRebuild} />
      <Credentials node={node} />
      <SshAccess node={node} sshKeys={sshKeys} csrf={session.csrfToken} refused={refused} />
      <NameAndLabels node={node} csrf={session.csrfToken} refused={refused} />
      <MetricsSection nodeId={node.id} range={range} metrics={metrics} size={node.size} />
      <UserDataSection status={node.user_data_status} result={userData} />
      <NodeFirewalls firewalls={firewalls} />
      <Addresses node={node} addresses={addresses} csrf={session.csrfToken} />
      <DeleteNode node={node} csrf={session.csrfToken} />
      {/* data-refresh: app.js re-reads it when the status changes, so new events appear. */}
      <section id="node-events" aria-labelledby="events-heading" data-refresh>
        <h2 id="events-heading">Events</h2>
        <EventTable events={events.events} />
        <p class="small">
          <a href={`/ui/activity?resource_id=${node.id}`}>All events of this node</a>
        </p>
      </section>
    </div>
  )
  return renderPage(c, { title, nav: 'nodes', status: refused?.problem.status, body })
}

/** Node Details: `/ui/nodes/:id` with credentials and addresses (deleting: node-delete.tsx). */
export function nodeDetailsRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/nodes/:id', (c) => detailsPage(deps, c, c.req.param('id')))

  const detailsOf = (c: DashContext) => `/ui/nodes/${encodeURIComponent(c.req.param('id') ?? '')}`
  for (const path of ['/ui/nodes/:id/delete', '/ui/nodes/:id/ip', '/ui/nodes/:id/ip/detach'])
    app.get(path, toFormPage(detailsOf))

  app.post('/ui/nodes/:id/ip', async (c) => {
    const id = c.req.param('id')
    const form = await c.req.parseBody()
    const requested = field(form, 'ip') || 'auto'
    const here = `/ui/nodes/${id}`
    return submitOnce<AttachResult>(deps, c, form, {
      run: (answer) => attachIp(deps, sessionOf(c).user.accountId, id, requested, answer),
      done: (attached) => ({
        location: here,
        flash: `Attached ${attached.ip} (IPv${attached.ipVersion}).`,
      }),
      failed: (problem) => {
        setFlash(c, 'error', problem.message)
        return c.redirect(here, 303)
      },
      pending: {
        location: here,
        flash: 'The address is still being attached; it shows below in a moment.',
      },
    })
  })

  app.post('/ui/nodes/:id/ip/detach', async (c) => {
    const id = c.req.param('id')
    const ip = field(await c.req.parseBody(), 'ip') || undefined
    const result = await attempt(() => detachIp(deps, sessionOf(c).user.accountId, id, ip))
    if (result.ok) setFlash(c, 'ok', `Detached ${result.value.ip}.`)
    else setFlash(c, 'error', result.problem.message)
    return c.redirect(`/ui/nodes/${id}`, 303)
  })

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
