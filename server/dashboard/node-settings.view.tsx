import type { ProblemError } from '../http/problem.js'
import type { Node } from '../nodes/nodes.schema.js'
import type { SshKey } from '../ssh-keys/ssh-keys.schema.js'
import { LabelsField } from './components/labels.js'
import { SshAccessFields } from './components/ssh-access.js'
import { Alert, PostForm, ProblemAlert } from './components/ui.js'
import { NodeNameField } from './nodes.view.js'

/** A refused settings form: which one, what was typed, and why. */
export type SettingsProblem =
  | { form: 'labels'; problem: ProblemError; name: string; labels: string }
  | { form: 'ssh'; problem: ProblemError; ssh_keys: string[]; password_login: boolean }

/** Name and labels, changed in place (`PATCH /nodes/{id}`); nothing restarts. */
export function NameAndLabels(props: { node: Node; csrf: string; refused?: SettingsProblem }) {
  const { node } = props
  const refused = props.refused?.form === 'labels' ? props.refused : undefined
  return (
    <section id="node-labels" aria-labelledby="labels-heading">
      <h2 id="labels-heading">Name and labels</h2>
      {refused && <ProblemAlert problem={refused.problem} />}
      <PostForm action={`/ui/nodes/${node.id}/labels`} csrf={props.csrf} class="grid-form">
        <NodeNameField id="edit-name" value={refused ? refused.name : (node.name ?? '')} />
        <LabelsField
          id="edit-labels"
          value={refused?.labels}
          labels={refused ? undefined : node.labels}
        />
        <div class="actions">
          <button type="submit">Save name and labels</button>
          <span class="muted small">
            The node keeps running; an empty name removes it. The host name inside the node stays as
            it was.
          </span>
        </div>
      </PostForm>
    </section>
  )
}

/** Names of the node's keys, in the order root's authorized_keys has them. */
export function keyNames(node: Node, sshKeys: SshKey[]): string[] {
  const byId = new Map(sshKeys.map((key) => [key.id, key.name]))
  return node.ssh_keys.map((id) => byId.get(id) ?? id)
}

/** The keys that log in as root and the password switch, changed live on a running node. */
export function SshAccess(props: {
  node: Node
  sshKeys: SshKey[]
  csrf: string
  refused?: SettingsProblem
}) {
  const { node } = props
  const refused = props.refused?.form === 'ssh' ? props.refused : undefined
  const names = keyNames(node, props.sshKeys)
  return (
    <section id="node-access" aria-labelledby="access-heading">
      <h2 id="access-heading">SSH access</h2>
      {refused && <ProblemAlert problem={refused.problem} />}
      <p>
        {names.length === 0 ? 'No SSH key logs in' : `Keys: ${names.join(', ')}`}; password login is{' '}
        <strong>{node.password_login ? 'on' : 'off'}</strong>.
      </p>
      <PostForm action={`/ui/nodes/${node.id}/ssh-keys`} csrf={props.csrf}>
        <SshAccessFields
          idPrefix="node"
          legend="Who logs in as root"
          sshKeys={props.sshKeys}
          selected={refused ? refused.ssh_keys : node.ssh_keys}
          passwordLogin={refused ? refused.password_login : node.password_login}
        />
        <div class="actions">
          <button type="submit">Save SSH access</button>
          <span class="muted small">
            A running node gets the change at once, without a restart; a provisioning one when it
            starts.
          </span>
        </div>
      </PostForm>
    </section>
  )
}

/**
 * At the top of a page re-rendered after a refused settings form: the form (and its reasons)
 * is further down, so say so here and link it.
 */
export function NotSavedNotice(props: { refused?: SettingsProblem }) {
  if (!props.refused) return null
  const [href, what] =
    props.refused.form === 'labels'
      ? ['#node-labels', 'the name and labels']
      : ['#node-access', 'the SSH access']
  return (
    <Alert kind="warn">
      <p>
        Nothing was changed: <a href={href}>{what}</a> could not be saved; the reasons are below.
      </p>
    </Alert>
  )
}
