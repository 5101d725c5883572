import { MAX_SELECTOR_LENGTH } from '../labels/label-selector.js'
import { HOSTNAME_PATTERN } from '../lib/names.js'
import type { Node } from '../nodes/nodes.schema.js'
import { ACTIONS, CardTable } from './components/card-table.js'
import { EmptyState } from './components/empty-state.js'
import { LabelChips } from './components/labels.js'
import { RowMenu } from './components/row-menu.js'
import { StateBadge, StuckWarning } from './components/status.js'
import { CopyButton, Field, Time, Truncated } from './components/ui.js'
import type { NodeCost } from './nodes.data.js'
import { POWER_ACTIONS } from '../nodes/nodes.table.js'
import { actionEnabled, POWER_TEXT } from './power-actions.js'

type Row = Node & { cost?: NodeCost }

/** A running cost that app.js advances every second at the node's hourly price. */
export function Cost(props: { cost?: NodeCost; status: string }) {
  if (!props.cost) return <span class="muted">–</span>
  return (
    <span class="num">
      <span data-field="cost" data-hourly={props.cost.hourly} data-status={props.status}>
        {props.cost.cost}
      </span>{' '}
      {props.cost.currency}
    </span>
  )
}

function NodeRow(props: { node: Row }) {
  const { node } = props
  return (
    <tr data-node-id={node.id} data-status={node.status} data-power-state={node.power_state}>
      <td data-label="Name / ID">
        <a href={`/ui/nodes/${node.id}`}>
          <Truncated text={node.name ?? node.id} />
        </a>
        {node.name && <div class="mono small">{node.id}</div>}
        {Object.keys(node.labels).length > 0 && <LabelChips labels={node.labels} />}
      </td>
      <td data-label="Status" aria-live="polite">
        <StateBadge node={node} />
        <StuckWarning stuck={node.stuck} compact />
      </td>
      <td data-label="Public IP" class="mono" data-field="ip_address">
        {node.ip_address ?? '–'}
      </td>
      <td data-label="Region">{node.region}</td>
      <td data-label="Created">
        <Time iso={node.created_at} />
      </td>
      <td data-label="Cost so far">
        <Cost cost={node.cost} status={node.status} />
      </td>
      <td data-label="Actions">
        <RowMenu label={node.name ?? node.id}>
          <li>
            <a href={`/ui/nodes/${node.id}`}>Details</a>
          </li>
          <li>
            <CopyButton text={node.id} label="Copy id" />
          </li>
          {POWER_ACTIONS.filter((action) => actionEnabled(node, action)).map((action) => (
            <li data-power-action={action}>
              <a href={`/ui/nodes/${node.id}/confirm-power/${action}`}>
                {POWER_TEXT[action].button}…
              </a>
            </li>
          ))}
          <li>
            {/* A page that asks first: it works without script, unlike a confirm dialog. */}
            <a class="menu-danger" href={`/ui/nodes/${node.id}/confirm-delete`}>
              Delete…
            </a>
          </li>
        </RowMenu>
      </td>
    </tr>
  )
}

/** The Node Management table; its rows poll for status while any node is changing. */
export function NodeTable(props: { nodes: Row[] }) {
  return (
    <CardTable
      caption="Your nodes"
      columns={['Name / ID', 'Status', 'Public IP', 'Region', 'Created', 'Cost so far', ACTIONS]}
      pollUrl="/ui/api/nodes"
    >
      {props.nodes.map((node) => (
        <NodeRow node={node} />
      ))}
    </CardTable>
  )
}

/** The label-selector filter above the table: a GET form, so a filtered view is a link. */
export function NodeFilter(props: { selector?: string }) {
  return (
    <form
      method="get"
      action="/ui/nodes"
      class="inline-form filter-form"
      role="search"
      aria-label="Nodes"
    >
      <Field
        id="node-filter"
        label="Filter by labels"
        hint="A label selector, e.g. env=prod,tier in (web,api),!legacy"
      >
        <input
          id="node-filter"
          name="label_selector"
          class="mono"
          value={props.selector}
          maxlength={MAX_SELECTOR_LENGTH}
          aria-describedby="node-filter-hint"
          spellcheck={false}
        />
      </Field>
      <button type="submit" class="secondary">
        Filter
      </button>
      {props.selector && <a href="/ui/nodes">Show all nodes</a>}
    </form>
  )
}

/** A filter that matches no node says so, and leads back to every node. */
export function NoNodeMatches(props: { selector: string }) {
  return (
    <EmptyState
      title="No node matches this filter."
      action={<a href="/ui/nodes">Show all nodes</a>}
    >
      No node of yours has labels that match <code>{props.selector}</code>.
    </EmptyState>
  )
}

/** What to do when there are no nodes yet. */
export function EmptyNodes() {
  const action = (
    <a class="button" href="/ui/nodes/new">
      Create your first node
    </a>
  )
  return (
    <EmptyState title="You have no nodes yet." action={action}>
      A node starts as <em>provisioning</em> and is reachable over SSH once it is <em>running</em>,
      usually within 30 seconds. Programs can do the same with <code>POST /nodes</code> and an API
      key from <a href="/ui/settings/keys">Developer settings</a>.
    </EmptyState>
  )
}

/** A node's name, optional; the browser checks the API's host-name rule before sending. */
export function NodeNameField(props: { id: string; value?: string }) {
  return (
    <Field id={props.id} label="Name (optional)">
      <input
        id={props.id}
        name="name"
        maxlength={63}
        pattern={HOSTNAME_PATTERN}
        title="A host name: lower-case letters, digits and '-', not at either end"
        value={props.value}
        placeholder="web-1"
      />
    </Field>
  )
}
