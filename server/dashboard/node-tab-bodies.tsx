/**
 * @module What each tab of Node Details shows (node-tabs.tsx names the tabs, node-details.tsx
 * frames them). Each body loads only what it shows, so a tab costs its own queries.
 */
import type { Child } from 'hono/jsx'
import type { Principal } from '../api-keys/api-keys.service.js'
import type { Session } from '../accounts/sessions.service.js'
import { getHost } from '../compute-hosts/compute-hosts.service.js'
import type { Deps } from '../deps.js'
import { EventsQuery } from '../events/events.schema.js'
import { listEvents } from '../events/events.service.js'
import { firewallsForNode } from '../firewalls/firewalls.service.js'
import type { Node } from '../nodes/nodes.schema.js'
import { nodeAddresses } from '../public-ips/public-ips.service.js'
import { listSshKeys } from '../ssh-keys/ssh-keys.service.js'
import { listVpcs } from '../vpcs/vpcs.service.js'
import { sessionOf, type DashContext } from './context.js'
import { EventTable } from './events.view.js'
import { NodeFirewalls } from './firewalls.view.js'
import {
  Addresses,
  Credentials,
  DeleteNode,
  NetworkFields,
  NodeFields,
} from './node-details.view.js'
import { metricRangeOf, nodeMetricsOver } from './node-metrics.data.js'
import { MetricsSection } from './node-metrics.view.js'
import { PowerActions } from './node-power.js'
import { NewRootPassword, RebuildSection } from './node-rebuild.js'
import {
  NameAndLabels,
  NotSavedNotice,
  SshAccess,
  type SettingsProblem,
} from './node-settings.view.js'
import { nodeTabUrl, type NodeTabKey } from './node-tabs.js'
import { userDataResultOf } from './node-user-data.data.js'
import { UserDataSection } from './node-user-data.view.js'
import { nodeCosts } from './nodes.data.js'
import { takeSecret } from './secret-handover.js'

/** A logged-in user acts with the rights of a read_write key on their own account. */
export function principalOf(session: Session): Principal {
  return { accountId: session.user.accountId, keyId: 'session', scope: 'read_write' }
}

type TabBody = (deps: Deps, c: DashContext, node: Node, refused?: SettingsProblem) => Promise<Child>

/** The node at a glance: what it is, where, what it costs, how to log in, what happened. */
const overview: TabBody = async (deps, c, node) => {
  const accountId = sessionOf(c).user.accountId
  // Named by hostname and datacenter rather than a bare id; a host gone from the inventory
  // leaves the id.
  const host = await getHost(deps, node.host_id).catch(() => undefined)
  const cost = (await nodeCosts(deps, accountId)).get(node.id)
  const query = EventsQuery.parse({ resource_id: node.id, limit: 10 })
  const events = await listEvents(deps, accountId, query)
  return (
    <>
      {/* data-refresh: re-read when the status changes, so "Reachable since" fills in. */}
      <div id="node-fields" data-refresh>
        <NodeFields node={node} cost={cost} host={host} />
      </div>
      <Credentials node={node} />
      {/* data-refresh: app.js re-reads it when the status changes, so new events appear. */}
      <section id="node-events" aria-labelledby="events-heading" data-refresh>
        <h2 id="events-heading">Recent events</h2>
        <EventTable events={events.events} />
        <p class="small">
          <a href={`/ui/activity?resource_id=${node.id}`}>All events of this node</a>
        </p>
      </section>
    </>
  )
}

const graphs: TabBody = async (deps, c, node) => {
  const range = metricRangeOf(c.req.query('metrics'))
  const metrics = await nodeMetricsOver(deps, sessionOf(c).user.accountId, node.id, range)
  return <MetricsSection nodeId={node.id} range={range} metrics={metrics} size={node.size} />
}

const networking: TabBody = async (deps, c, node) => {
  const accountId = sessionOf(c).user.accountId
  const vpcName = (await listVpcs(deps, accountId)).find((vpc) => vpc.id === node.vpc_id)?.name
  const addresses = await nodeAddresses(deps, node.id)
  return (
    <>
      <div id="network-fields" data-refresh>
        <NetworkFields node={node} vpcName={vpcName} />
      </div>
      <Addresses node={node} addresses={addresses} csrf={sessionOf(c).csrfToken} />
    </>
  )
}

const firewalls: TabBody = async (deps, c, node) => (
  <NodeFirewalls firewalls={await firewallsForNode(deps, sessionOf(c).user.accountId, node.id)} />
)

const power: TabBody = async (deps, c, node) => {
  // Handed over by an accepted rebuild (node-rebuild.tsx): shown on this one view only.
  const rebuilt = takeSecret(deps, c, nodeTabUrl(node.id, 'power'))
  return (
    <>
      <NewRootPassword secret={rebuilt} />
      <PowerActions node={node} />
      <RebuildSection node={node} supported={deps.worker.canRebuild} />
    </>
  )
}

const settings: TabBody = async (deps, c, node, refused) => {
  const session = sessionOf(c)
  const sshKeys = await listSshKeys(deps, session.user.accountId)
  const userData = await userDataResultOf(deps, principalOf(session), node)
  return (
    <>
      <NotSavedNotice refused={refused} />
      <SshAccess node={node} sshKeys={sshKeys} csrf={session.csrfToken} refused={refused} />
      <NameAndLabels node={node} csrf={session.csrfToken} refused={refused} />
      <UserDataSection status={node.user_data_status} result={userData} />
    </>
  )
}

const remove: TabBody = async (_deps, _c, node) => <DeleteNode node={node} />

/** The body of every tab Node Details renders itself (Console has its own page). */
export const TAB_BODIES: Record<Exclude<NodeTabKey, 'console'>, TabBody> = {
  overview,
  graphs,
  networking,
  firewalls,
  power,
  settings,
  delete: remove,
}
