/**
 * @module The firewall views: the Firewalls table, one firewall's rules and targets, its
 * delete, and the firewalls section of Node Details. The form to change one:
 * firewall-form.view.tsx.
 */
import type { ApplyTo, Firewall, FirewallRule } from '../firewalls/firewalls.schema.js'
import type { ProblemError } from '../http/problem.js'
import { CardTable } from './components/card-table.js'
import { EmptyState } from './components/empty-state.js'
import { LabelChips } from './components/labels.js'
import { Alert, PostForm, ProblemAlert, Truncated } from './components/ui.js'

/** Node names by id, so links read as the nodes table does. */
export type NodeNames = Map<string, string | null>

const CREATE = (
  <a class="button" href="/ui/firewalls/new">
    Create your first firewall
  </a>
)

function rulesCount(n: number): string {
  return n === 1 ? '1 rule' : `${n} rules`
}

/** Links to the nodes `ids`, by name when they have one; "none" without any. */
export function NodeLinks(props: { ids: string[]; names: NodeNames }) {
  if (props.ids.length === 0) return <span class="muted">none</span>
  return (
    <ul class="plain">
      {props.ids.map((id) => {
        const name = props.names.get(id)
        return (
          <li>
            <a href={`/ui/nodes/${id}`}>{name ? <Truncated text={name} /> : id}</a>
            {name && <span class="mono small"> {id}</span>}
          </li>
        )
      })}
    </ul>
  )
}

/** The Firewalls page's table: name, rule count, labels and the nodes each applies to now. */
export function FirewallTable(props: { firewalls: Firewall[]; names: NodeNames }) {
  if (props.firewalls.length === 0)
    return (
      <EmptyState title="No firewalls yet." action={CREATE}>
        A firewall lists the traffic allowed in to the nodes it applies to, chosen by name or by
        label. The API makes them too: <code>POST /api/v1/firewalls</code>.
      </EmptyState>
    )
  return (
    <CardTable caption="Your firewalls" columns={['Name', 'Rules', 'Labels', 'Applies to']}>
      {props.firewalls.map((fw) => (
        <tr data-firewall-id={fw.id}>
          <td data-label="Name">
            <a href={`/ui/firewalls/${fw.id}`}>
              <Truncated text={fw.name} />
            </a>
            <div class="mono small">{fw.id}</div>
          </td>
          <td data-label="Rules">{rulesCount(fw.rules.length)}</td>
          <td data-label="Labels">
            <LabelChips labels={fw.labels} />
          </td>
          <td data-label="Applies to">
            <NodeLinks ids={fw.applied_to_nodes} names={props.names} />
          </td>
        </tr>
      ))}
    </CardTable>
  )
}

function Port(props: { rule: FirewallRule }) {
  if (props.rule.protocol === 'icmp') return <span class="muted">all (icmp)</span>
  return <span class="mono">{props.rule.port}</span>
}

/** A firewall's rules, one row each. */
export function RuleTable(props: { rules: FirewallRule[] }) {
  if (props.rules.length === 0)
    return (
      <p class="muted">
        No rules: nothing is allowed in to the nodes this firewall applies to (unless another of
        their firewalls allows it).
      </p>
    )
  return (
    <CardTable
      caption="Rules"
      columns={['Direction', 'Protocol', 'Port', 'Sources', 'Description']}
      region
    >
      {props.rules.map((rule) => (
        <tr>
          <td data-label="Direction">
            {rule.direction === 'in' ? 'in (incoming)' : rule.direction}
          </td>
          <td data-label="Protocol">{rule.protocol}</td>
          <td data-label="Port">
            <Port rule={rule} />
          </td>
          <td data-label="Sources">
            <ul class="plain mono">
              {rule.source_ips.map((ip) => (
                <li>{ip}</li>
              ))}
            </ul>
          </td>
          <td data-label="Description">
            {/* A block with a minimum width: table cells ignore min-width themselves. */}
            <div class="wrap-anywhere rule-description">
              {rule.description ?? <span class="muted">none</span>}
            </div>
          </td>
        </tr>
      ))}
    </CardTable>
  )
}

/** `apply_to` as set: nodes by id (linked) and label selectors. */
export function ApplyToList(props: { applyTo: ApplyTo[]; names: NodeNames }) {
  if (props.applyTo.length === 0) return <p class="muted">Nothing: it applies to no node.</p>
  return (
    <ul>
      {props.applyTo.map((entry) =>
        entry.type === 'node' ? (
          <li>
            Node <NodeLinks ids={[entry.node_id]} names={props.names} />
          </li>
        ) : (
          <li>
            Nodes with labels matching <code class="wrap-anywhere">{entry.selector}</code>
          </li>
        )
      )}
    </ul>
  )
}

/** The firewalls section of Node Details: each firewall that applies to the node now. */
export function NodeFirewalls(props: { firewalls: Firewall[] }) {
  return (
    <section id="node-firewalls" aria-labelledby="firewalls-heading">
      <h2 id="firewalls-heading">Firewalls</h2>
      {props.firewalls.length === 0 ? (
        <p class="muted">
          No firewall applies to this node. <a href="/ui/firewalls">Firewalls</a> lists yours.
        </p>
      ) : (
        <ul>
          {props.firewalls.map((fw) => (
            <li>
              <a href={`/ui/firewalls/${fw.id}`}>
                <Truncated text={fw.name} />
              </a>{' '}
              <span class="muted small">({rulesCount(fw.rules.length)})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The delete, asked about first (static/app.js), as the other deletes are. */
export function DeleteFirewall(props: { fw: Firewall; csrf: string }) {
  const { fw } = props
  return (
    <section aria-labelledby="delete-heading" class="danger">
      <h2 id="delete-heading">Delete this firewall</h2>
      <p>
        A firewall that still applies to a node cannot be deleted: change its Applies to (or the
        nodes' labels) first.
      </p>
      <PostForm
        action={`/ui/firewalls/${fw.id}/delete`}
        csrf={props.csrf}
        confirm={`Delete firewall ${fw.name}? This cannot be undone.`}
      >
        <button class="danger-button wrap-anywhere">Delete firewall {fw.name}</button>
      </PostForm>
    </section>
  )
}

/** A refused delete: the firewall still applies to nodes, named and linked here. */
export function DeleteRefused(props: { fw: Firewall; problem: ProblemError; names: NodeNames }) {
  const ids = props.problem.options.extra?.node_ids
  if (props.problem.code !== 'firewall_in_use' || !Array.isArray(ids))
    return <ProblemAlert problem={props.problem} />
  return (
    <Alert kind="error">
      <p class="wrap-anywhere">
        Firewall {props.fw.name} was not deleted: it still applies to{' '}
        {ids.length === 1 ? 'this node' : `these ${ids.length} nodes`}.{' '}
        <a href={`/ui/firewalls/${props.fw.id}/edit`}>Change what it applies to</a> (or the nodes'
        labels) first.
      </p>
      <NodeLinks ids={ids.map(String)} names={props.names} />
    </Alert>
  )
}
