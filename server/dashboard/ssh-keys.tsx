import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { PRINTABLE_PATTERN } from '../lib/names.js'
import { MAX_PUBLIC_KEY_LENGTH } from '../ssh-keys/public-key.js'
import { CreateSshKeyBody, type SshKey } from '../ssh-keys/ssh-keys.schema.js'
import { createSshKey, deleteSshKey, listSshKeys } from '../ssh-keys/ssh-keys.service.js'
import { ACTIONS, CardTable } from './components/card-table.js'
import { EmptyState, JumpToForm } from './components/empty-state.js'
import { LabelChips, LabelsField } from './components/labels.js'
import { RowMenu } from './components/row-menu.js'
import { CopyButton, Field, PostForm, ProblemAlert, Time, Truncated } from './components/ui.js'
import {
  attempt,
  field,
  parseForm,
  rawField,
  unixLines,
  sessionOf,
  type DashContext,
  type DashEnv,
  toFormPage,
} from './context.js'
import { setFlash } from './flash.js'
import { labelErrors, parseLabelLines } from './labels.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'
import { SettingsTabs } from './webhooks.js'

/** The SSH keys tab of Developer settings. */
export const PAGE = '/ui/settings/ssh-keys'

type Values = { name?: string; public_key?: string; labels?: string }

function SshKeyRow(props: { sshKey: SshKey; csrf: string }) {
  const { sshKey } = props
  return (
    <tr data-ssh-key-id={sshKey.id}>
      <td data-label="Name">
        <strong>
          <Truncated text={sshKey.name} />
        </strong>
        <div class="mono small">{sshKey.id}</div>
        {Object.keys(sshKey.labels).length > 0 && <LabelChips labels={sshKey.labels} />}
      </td>
      <td data-label="Fingerprint" class="mono small wrap-anywhere">
        {sshKey.fingerprint}
      </td>
      <td data-label="Added">
        <Time iso={sshKey.created_at} />
      </td>
      <td data-label="Actions">
        <RowMenu label={sshKey.name}>
          <li>
            <a href={`${PAGE}/${sshKey.id}/edit`} aria-label={`Edit SSH key ${sshKey.name}`}>
              Edit
            </a>
          </li>
          <li>
            <CopyButton text={sshKey.public_key} label="Copy public key" />
          </li>
          <li>
            <CopyButton text={sshKey.id} label="Copy id" />
          </li>
          <li>
            <PostForm
              action={`${PAGE}/${sshKey.id}/delete`}
              csrf={props.csrf}
              confirm={`Delete the SSH key “${sshKey.name}”? Nodes created later cannot use it.`}
            >
              <button class="menu-danger" aria-label={`Delete SSH key ${sshKey.name}`}>
                Delete…
              </button>
            </PostForm>
          </li>
        </RowMenu>
      </td>
    </tr>
  )
}

function SshKeyTable(props: { sshKeys: SshKey[]; csrf: string }) {
  return (
    <CardTable caption="Your SSH keys" columns={['Name', 'Fingerprint', 'Added', ACTIONS]}>
      {props.sshKeys.map((sshKey) => (
        <SshKeyRow sshKey={sshKey} csrf={props.csrf} />
      ))}
    </CardTable>
  )
}

function AddSshKeyForm(props: { csrf: string; values: Values; problem?: ProblemError }) {
  return (
    <section aria-labelledby="add-ssh-key-heading">
      <h2 id="add-ssh-key-heading">Add an SSH key</h2>
      {props.problem && <ProblemAlert problem={props.problem} />}
      <PostForm action={PAGE} csrf={props.csrf} once class="grid-form">
        <Field id="ssh-key-name" label="Name" hint="Whose key or which machine, e.g. “ada laptop”.">
          <input
            id="ssh-key-name"
            name="name"
            required
            maxlength={63}
            pattern={PRINTABLE_PATTERN}
            value={props.values.name}
            aria-describedby="ssh-key-name-hint"
          />
        </Field>
        <Field
          id="ssh-key-public-key"
          label="Public key"
          hint="The contents of a .pub file, e.g. ~/.ssh/id_ed25519.pub: ed25519, ECDSA, or RSA of 2048 bits or more."
        >
          <textarea
            id="ssh-key-public-key"
            class="mono"
            name="public_key"
            required
            rows={4}
            maxlength={MAX_PUBLIC_KEY_LENGTH}
            spellcheck={false}
            aria-describedby="ssh-key-public-key-hint"
          >
            {props.values.public_key}
          </textarea>
        </Field>
        <LabelsField
          id="ssh-key-labels"
          value={props.values.labels ?? ''}
          errors={labelErrors(props.problem, props.values.labels ?? '')}
        />
        <div class="actions">
          <button type="submit">Add SSH key</button>
        </div>
      </PostForm>
    </section>
  )
}

async function sshKeysPage(
  deps: Deps,
  c: DashContext,
  values: Values = {},
  problem?: ProblemError
) {
  const session = sessionOf(c)
  const sshKeys = await listSshKeys(deps, session.user.accountId)
  const body = (
    <>
      <h1>Developer settings</h1>
      <SettingsTabs current="ssh-keys" />
      <section aria-labelledby="ssh-keys-heading">
        <h2 id="ssh-keys-heading">SSH keys</h2>
        <p class="muted">
          Public keys of the people and machines that log in to this account's nodes over SSH.
        </p>
        {sshKeys.length === 0 ? (
          <EmptyState
            title="No SSH keys yet."
            action={<JumpToForm field="ssh-key-name">Add your first SSH key</JumpToForm>}
          >
            Add the public half of a key pair; the private half never leaves your machine.
          </EmptyState>
        ) : (
          <SshKeyTable sshKeys={sshKeys} csrf={session.csrfToken} />
        )}
      </section>
      <AddSshKeyForm csrf={session.csrfToken} values={values} problem={problem} />
    </>
  )
  return renderPage(c, { title: 'SSH keys', nav: 'keys', status: problem?.status, body })
}

/** Developer settings: `/ui/settings/ssh-keys` adds, lists and deletes SSH keys (edit: ssh-key-edit.tsx). */
export function sshKeysRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get(PAGE, (c) => sshKeysPage(deps, c))

  app.post(PAGE, async (c) => {
    const form = await c.req.parseBody()
    const values = {
      name: field(form, 'name'),
      public_key: field(form, 'public_key'),
      labels: unixLines(rawField(form, 'labels')),
    }
    return submitOnce<SshKey>(deps, c, form, {
      run: async (answer) => {
        const { labels, ...text } = values
        const body = parseForm(CreateSshKeyBody, text, { labels: parseLabelLines(labels) })
        return createSshKey(deps, sessionOf(c).user.accountId, body, answer)
      },
      done: (sshKey) => ({
        location: PAGE,
        flash: `Added the SSH key “${sshKey.name}” (${sshKey.fingerprint}).`,
      }),
      failed: (problem) => sshKeysPage(deps, c, values, problem),
      pending: {
        location: PAGE,
        flash: 'Your SSH key is still being added; it shows in the list below.',
      },
    })
  })

  app.get(
    `${PAGE}/:id/delete`,
    toFormPage(() => PAGE)
  )
  app.post(`${PAGE}/:id/delete`, async (c) => {
    const result = await attempt(() =>
      deleteSshKey(deps, sessionOf(c).user.accountId, c.req.param('id'))
    )
    if (result.ok) setFlash(c, 'ok', 'Deleted the SSH key.')
    else setFlash(c, 'error', result.problem.message)
    return c.redirect(PAGE, 303)
  })

  return app
}
