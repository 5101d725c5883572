import { Hono } from 'hono'
import { CreateKeyInput, SCOPES } from '../api-keys/api-keys.schema.js'
import { createKey, listKeys, revokeKey } from '../api-keys/api-keys.service.js'
import type { ApiKeyInfo, Scope } from '../api-keys/api-keys.store.js'
import type { Deps } from '../deps.js'
import { PRINTABLE_PATTERN } from '../lib/names.js'
import type { ProblemError } from '../http/problem.js'
import { ACTIONS, CardTable } from './components/card-table.js'
import { EmptyState, JumpToForm } from './components/empty-state.js'
import { RowMenu } from './components/row-menu.js'
import {
  Alert,
  CopyButton,
  Field,
  PostForm,
  ProblemAlert,
  Time,
  Truncated,
} from './components/ui.js'
import {
  attempt,
  field,
  parseForm,
  sessionOf,
  type DashContext,
  type DashEnv,
  toFormPage,
} from './context.js'
import { setFlash } from './flash.js'
import { handOverSecret, takeSecret } from './secret-handover.js'
import { submitOnce } from './once.js'
import { SettingsTabs } from './webhooks.js'
import { renderPage } from './render.js'

const KEYS_PAGE = '/ui/settings/keys'

const SCOPE_HELP: Record<Scope, string> = {
  read: 'read: GET requests only (list and inspect)',
  read_write: 'read_write: everything, including create and delete',
}

function NewKey(props: { name: string; secret: string }) {
  return (
    <section class="new-key" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading">New key “{props.name}”</h2>
      <Alert kind="warn">
        <p>
          <strong>Copy this key now.</strong> It is shown only once: nodeplane stores only a hash of
          it. If you lose it, create a new key and revoke this one.
        </p>
      </Alert>
      <p class="secret-line">
        <code id="new-key">{props.secret}</code> <CopyButton target="#new-key" label="Copy key" />
      </p>
      <p class="muted">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
    </section>
  )
}

function KeyRow(props: { k: ApiKeyInfo; csrf: string }) {
  const { k } = props
  return (
    <tr data-key-id={k.id}>
      <td data-label="Name">
        <Truncated text={k.name} />
      </td>
      <td data-label="Prefix" class="mono">
        {k.prefix}…
      </td>
      <td data-label="Scope">{k.scope}</td>
      <td data-label="Created">
        <Time iso={k.created_at} />
      </td>
      <td data-label="Last used">
        <Time iso={k.last_used_at} />
      </td>
      <td data-label="Status">
        {k.revoked_at ? <span class="badge badge-revoked">revoked</span> : 'active'}
      </td>
      <td data-label="Actions">
        {/* The id is what `nodeplane keys revoke <id>` and the key's events name. */}
        <RowMenu label={k.name}>
          <li>
            <CopyButton text={k.id} label="Copy id" />
          </li>
          {!k.revoked_at && (
            <li>
              <PostForm
                action={`/ui/settings/keys/${k.id}/revoke`}
                csrf={props.csrf}
                confirm={`Revoke the key “${k.name}”? Programs using it get 401 Unauthorized at once. This cannot be undone.`}
              >
                <button class="menu-danger" aria-label={`Revoke key ${k.name}`}>
                  Revoke…
                </button>
              </PostForm>
            </li>
          )}
        </RowMenu>
      </td>
    </tr>
  )
}

function KeysPage(props: {
  keys: ApiKeyInfo[]
  csrf: string
  created?: { name: string; secret: string }
  problem?: ProblemError
  name?: string
}) {
  return (
    <>
      <h1>Developer settings</h1>
      <SettingsTabs current="keys" />
      {props.created && <NewKey {...props.created} />}
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p class="muted">
          Keys authenticate programs (HTTP API, Terraform provider, Python client). Several may be
          live at once, so a replacement can be rolled out before the old key is revoked.
        </p>
        {props.keys.length === 0 ? (
          <EmptyState
            title="No API keys yet."
            action={<JumpToForm field="key-name">Create your first API key</JumpToForm>}
          >
            A key lets Terraform, the Python client or curl act on this account.
          </EmptyState>
        ) : (
          <CardTable
            caption="Your API keys"
            columns={['Name', 'Prefix', 'Scope', 'Created', 'Last used', 'Status', ACTIONS]}
          >
            {props.keys.map((k) => (
              <KeyRow k={k} csrf={props.csrf} />
            ))}
          </CardTable>
        )}
      </section>
      <section aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        {props.problem && <ProblemAlert problem={props.problem} />}
        <PostForm action="/ui/settings/keys" csrf={props.csrf} once class="grid-form">
          <Field
            id="key-name"
            label="Name"
            hint="What uses it, e.g. “CI deploys” or “laptop terraform”."
          >
            <input
              id="key-name"
              name="name"
              required
              maxlength={100}
              pattern={PRINTABLE_PATTERN}
              value={props.name}
              aria-describedby="key-name-hint"
            />
          </Field>
          <fieldset>
            <legend>Scope</legend>
            {SCOPES.map((scope) => (
              <label class="radio">
                <input type="radio" name="scope" value={scope} checked={scope === 'read_write'} />{' '}
                {SCOPE_HELP[scope]}
              </label>
            ))}
          </fieldset>
          <div class="actions">
            <button type="submit">Create key</button>
          </div>
        </PostForm>
      </section>
    </>
  )
}

async function keysPage(
  deps: Deps,
  c: DashContext,
  extra: { created?: { name: string; secret: string }; problem?: ProblemError; name?: string } = {}
) {
  const session = sessionOf(c)
  const body = (
    <KeysPage
      keys={await listKeys(deps, session.user.accountId)}
      csrf={session.csrfToken}
      {...extra}
    />
  )
  return renderPage(c, {
    title: 'Developer settings',
    nav: 'keys',
    status: extra.problem?.status,
    body,
  })
}

/** Developer settings: `/ui/settings/keys` creates, lists and revokes API keys. */
export function apiKeysRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/settings/keys', (c) =>
    keysPage(deps, c, { created: takeSecret(deps, c, KEYS_PAGE) })
  )

  app.post('/ui/settings/keys', async (c) => {
    const form = await c.req.parseBody()
    const accountId = sessionOf(c).user.accountId
    const input = { name: field(form, 'name'), scope: field(form, 'scope') }
    return submitOnce<ApiKeyInfo>(deps, c, form, {
      run: async (answer) => {
        const key = await createKey(
          deps,
          { accountId, ...parseForm(CreateKeyInput, input) },
          answer
        )
        handOverSecret(deps, c, KEYS_PAGE, { name: key.name, secret: key.key })
        return key
      },
      done: (key) => ({ location: '/ui/settings/keys', flash: `Created the key “${key.name}”.` }),
      failed: (problem) => keysPage(deps, c, { problem, name: field(form, 'name') }),
      pending: {
        location: '/ui/settings/keys',
        flash: 'Your key is still being created; it shows in the list below.',
      },
    })
  })

  app.get(
    '/ui/settings/keys/:id/revoke',
    toFormPage(() => '/ui/settings/keys')
  )
  app.post('/ui/settings/keys/:id/revoke', async (c) => {
    const result = await attempt(() =>
      revokeKey(deps, sessionOf(c).user.accountId, c.req.param('id'))
    )
    if (result.ok) setFlash(c, 'ok', 'Revoked the key. Requests with it now get 401.')
    else setFlash(c, 'error', result.problem.message)
    return c.redirect('/ui/settings/keys', 303)
  })

  return app
}
