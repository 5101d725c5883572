import type { Node } from '../nodes/nodes.schema.js'
import { ACTIONS, CardTable } from './components/card-table.js'
import { EmptyState } from './components/empty-state.js'
import { LabelChips } from './components/labels.js'
import { nodeState, StateBadge } from './components/status.js'
import { sizeText } from './components/size.js'
import type { ComputeHost } from '../compute-hosts/compute-hosts.schema.js'
import { CopyButton, PostForm, Time } from './components/ui.js'
import type { NodeCost } from './nodes.data.js'
import { Cost } from './nodes.view.js'

/** One attached public address, as public-ips' nodeAddresses returns it. */
export interface Address {
  ip: string
  address: string
  ipVersion: 4 | 6
  attached_at: string
}

/** The host a node runs on, as Node Details names it; absent if the inventory lost it. */
export type HostPlace = Pick<ComputeHost, 'hostname' | 'datacenter'>

/** The host by name and datacenter, linked to the hosts page; its id below, for copying. */
function HostField(props: { node: Node; host?: HostPlace }) {
  const { node, host } = props
  if (!host) return <dd class="mono">{node.host_id}</dd>
  return (
    <dd data-field="host">
      <a href={`/ui/hosts?region=${encodeURIComponent(host.datacenter)}`}>{host.hostname}</a> in{' '}
      {host.datacenter}
      <div class="mono small">{node.host_id}</div>
    </dd>
  )
}

/** The node at a glance: what it is, where it runs, its state and what it costs. */
export function NodeFields(props: { node: Node; cost?: NodeCost; host?: HostPlace }) {
  const { node } = props
  return (
    <dl class="fields">
      <dt>ID</dt>
      <dd class="mono">{node.id}</dd>
      <dt>Name</dt>
      <dd>{node.name ?? <span class="muted">none</span>}</dd>
      <dt>State</dt>
      <dd aria-live="polite">
        <StateBadge node={node} />
      </dd>
      <dt>Size</dt>
      <dd data-field="size">
        {node.size ? sizeText(node.size) : <span class="muted">unknown</span>}
      </dd>
      <dt>Host</dt>
      <HostField node={node} host={props.host} />
      <dt>Region</dt>
      <dd>{node.region}</dd>
      <dt>Public IP</dt>
      <dd class="mono" data-field="ip_address">
        {node.ip_address ?? '–'}
      </dd>
      <dt>Labels</dt>
      <dd>
        <LabelChips labels={node.labels} />
      </dd>
      <dt>Created</dt>
      <dd>
        <Time iso={node.created_at} />
      </dd>
      <dt>Reachable since</dt>
      <dd data-field="reachable_at">
        <Time iso={node.reachable_at} empty="not yet: SSH answers once the node is running" />
      </dd>
      <dt>Cost so far</dt>
      <dd>
        <Cost cost={props.cost} status={node.status} />
        {props.cost && (
          <span class="muted small">
            {' '}
            ({props.cost.hourly} {props.cost.currency} an hour, billed per second)
          </span>
        )}
      </dd>
    </dl>
  )
}

/** The Networking tab's facts: the public address, the private one and its VPC. */
export function NetworkFields(props: { node: Node; vpcName?: string }) {
  const { node } = props
  return (
    <dl class="fields">
      <dt>Public IP</dt>
      <dd class="mono" data-field="ip_address">
        {node.ip_address ?? '–'}
      </dd>
      <dt>Private IP</dt>
      <dd class="mono">{node.private_ip}</dd>
      <dt>VPC</dt>
      <dd>
        <a href={`/ui/vpcs#vpc-${node.vpc_id}`}>{props.vpcName ?? node.vpc_id}</a>{' '}
        <span class="mono small">{node.vpc_id}</span>
      </dd>
      <dt>Region</dt>
      <dd>{node.region}</dd>
    </dl>
  )
}

const NO_SSH = 'available once the node is running and on'

/** What the Connection box says of logging in, true for the node as it is now. */
function connectionHint(node: Node) {
  const state = nodeState(node)
  if (state === 'off') return <>The node is powered off; power it on to connect.</>
  if (state === 'rebooting' || state === 'rebuilding')
    return <>The node is {state}; SSH answers again once it is on.</>
  if (state === 'running')
    return node.ip_address ? (
      <>SSH (port 22) is open: log in as root with the command below.</>
    ) : (
      <>
        The node has no public IPv4 address: attach one on the{' '}
        <a href={`/ui/nodes/${node.id}/networking`}>Networking</a> tab to connect.
      </>
    )
  if (state === 'provisioning')
    return (
      <>
        SSH (port 22) works once the node is <strong>running</strong>.
      </>
    )
  return <>The node is being deleted.</>
}

/** The root password with reveal and copy, fetched only when asked; or why there is none. */
function RootPassword(props: { node: Node }) {
  const { node } = props
  if (!node.password_login)
    return (
      <dd data-field="password-login-off">
        Password login is off: root logs in with the SSH keys below only. Turn it on under SSH
        access to use a password.
      </dd>
    )
  const secretUrl = `/ui/api/nodes/${node.id}/credentials`
  return (
    <dd>
      <code id="root-password" data-secret-url={secretUrl} data-hidden-text="••••••••••••••••••••">
        ••••••••••••••••••••
      </code>{' '}
      <button
        type="button"
        class="button-small"
        data-reveal="#root-password"
        aria-controls="root-password"
        aria-pressed="false"
      >
        Reveal
      </button>{' '}
      <CopyButton secretUrl={secretUrl} label="Copy password" />
      <noscript>
        <p class="muted">Revealing and copying the password needs JavaScript.</p>
      </noscript>
    </dd>
  )
}

/**
 * The SSH line and root password. app.js re-reads the section when the node's status or power
 * state changes (data-refresh), so its hint stays true.
 */
export function Credentials(props: { node: Node }) {
  const { node } = props
  const reachable = nodeState(node) === 'running'
  const ssh = reachable && node.ip_address ? `ssh root@${node.ip_address}` : null
  return (
    <section id="connection" aria-labelledby="credentials-heading" data-refresh>
      <h2 id="credentials-heading">Connection</h2>
      <p class="note" data-field="connection-hint">
        {connectionHint(node)}
      </p>
      <dl class="fields">
        <dt>SSH command</dt>
        <dd>
          <code id="ssh-command" data-field="ssh_command" data-empty={NO_SSH}>
            {ssh ?? NO_SSH}
          </code>{' '}
          <span hidden={!ssh}>
            <CopyButton target="#ssh-command" label="Copy SSH command" />
          </span>
        </dd>
        <dt>Username</dt>
        <dd class="mono">root</dd>
        <dt>Root password</dt>
        <RootPassword node={node} />
      </dl>
    </section>
  )
}

/** The attach buttons: below the address table, or as the empty state's action. */
function AttachAddress(props: { node: Node; csrf: string }) {
  const { node, csrf } = props
  const running = node.status === 'running'
  return (
    <PostForm action={`/ui/nodes/${node.id}/ip`} csrf={csrf} once class="actions">
      <button name="ip" value="auto" data-enable-when="running" disabled={!running}>
        Attach IPv4
      </button>
      <button name="ip" value="auto-ipv6" data-enable-when="running" disabled={!running}>
        Attach IPv6
      </button>
      {!running && <span class="muted">Addresses attach once the node is running.</span>}
    </PostForm>
  )
}

/** Attached public addresses, with detach buttons and the attach form. */
export function Addresses(props: { node: Node; addresses: Address[]; csrf: string }) {
  const { node, addresses, csrf } = props
  return (
    // data-refresh: app.js re-reads this section when the status changes (the node gets its IPv4).
    <section id="addresses" aria-labelledby="addresses-heading" data-refresh>
      <h2 id="addresses-heading">Public addresses</h2>
      {addresses.length === 0 ? (
        <EmptyState
          title="No public address is attached."
          action={<AttachAddress node={node} csrf={csrf} />}
        >
          A node gets its first IPv4 address when it starts running; attach more, or one after
          detaching, here.
        </EmptyState>
      ) : (
        <CardTable caption="Public addresses" columns={['Address', 'Version', 'Attached', ACTIONS]}>
          {addresses.map((a) => (
            <tr>
              <td data-label="Address" class="mono">
                {a.ip}
              </td>
              <td data-label="Version">IPv{a.ipVersion}</td>
              <td data-label="Attached">
                <Time iso={a.attached_at} />
              </td>
              <td data-label="Actions">
                {/* Asks on its own page, as every confirmation does (node-addresses.tsx). */}
                <form method="get" action={`/ui/nodes/${node.id}/confirm-detach`}>
                  <input type="hidden" name="ip" value={a.ip} />
                  <button class="button-small secondary" aria-label={`Detach ${a.ip}`}>
                    Detach…
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      {addresses.length > 0 && <AttachAddress node={node} csrf={csrf} />}
    </section>
  )
}

/** Delete, with a confirmation that names the node and what is lost. */
export function nodeLabel(node: Node): string {
  return node.name ? `${node.name} (${node.id})` : node.id
}

/**
 * The delete section: on the Delete tab a button to the confirmation page (the same page the
 * nodes table's menu leads to); there, with `csrf`, the form that deletes.
 */
export function DeleteNode(props: { node: Node; csrf?: string }) {
  const label = nodeLabel(props.node)
  return (
    <section id="delete" aria-labelledby="delete-heading" class="danger">
      <h2 id="delete-heading">Delete this node</h2>
      <p>Deleting stops billing at once. All data on the node is destroyed irrecoverably.</p>
      {props.csrf === undefined ? (
        <form method="get" action={`/ui/nodes/${props.node.id}/confirm-delete`}>
          <button class="danger-button wrap-anywhere">Delete node {label}…</button>
        </form>
      ) : (
        <PostForm action={`/ui/nodes/${props.node.id}/delete`} csrf={props.csrf}>
          <button class="danger-button wrap-anywhere">Delete node {label}</button>
        </PostForm>
      )}
    </section>
  )
}

/**
 * Where the page says that its node was deleted elsewhere (another tab, the API, Terraform):
 * app.js copies the template of the node's new status into the live region, so the change is
 * announced and the way back is one link, without a reload.
 */
export function DeletedElsewhereNotice() {
  const back = <a href="/ui/nodes">Back to your nodes</a>
  return (
    <>
      <div id="node-gone" aria-live="assertive"></div>
      <template data-gone-notice="deleting">
        <div class="alert alert-warn">
          <p>
            <strong>This node was deleted elsewhere.</strong> Its data is being destroyed and
            billing has stopped. {back}
          </p>
        </div>
      </template>
      <template data-gone-notice="deleted">
        <div class="alert alert-warn">
          <p>
            <strong>This node was deleted elsewhere and no longer exists.</strong> {back}
          </p>
        </div>
      </template>
    </>
  )
}
