import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { EVENT_TYPES } from '../events/events.schema.js'
import type { ProblemError } from '../http/problem.js'
import {
  CreateWebhookBody,
  type Webhook,
  type WebhookDelivery,
} from '../webhooks/webhooks.schema.js'
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  listWebhooks,
  sendTestEvent,
  webhookDeliveries,
} from '../webhooks/webhooks.service.js'
import { CardTable } from './components/card-table.js'
import { EmptyState, JumpToForm } from './components/empty-state.js'
import {
  Alert,
  CopyButton,
  Field,
  PostForm,
  ProblemAlert,
  Time,
  Truncated,
} from './components/ui.js'
import { parseInput } from '../http/router.js'
import { attempt, field, sessionOf, toFormPage, type DashContext, type DashEnv } from './context.js'
import { setFlash } from './flash.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'
import { handOverSecret, takeSecret, type NewSecret } from './secret-handover.js'

const PAGE = '/ui/settings/webhooks'

/** Developer settings' two pages, each linking the other. */
export function SettingsTabs(props: { current: 'keys' | 'ssh-keys' | 'webhooks' }) {
  const tabs = [
    { key: 'keys', href: '/ui/settings/keys', label: 'API keys' },
    { key: 'ssh-keys', href: '/ui/settings/ssh-keys', label: 'SSH keys' },
    { key: 'webhooks', href: PAGE, label: 'Webhooks' },
  ] as const
  return (
    <nav aria-label="Developer settings" class="tabs">
      {tabs.map((tab) => (
        <a href={tab.href} aria-current={tab.key === props.current ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  )
}

function NewWebhookSecret(props: { created: NewSecret }) {
  return (
    <section class="new-key" aria-labelledby="new-secret-heading">
      <h2 id="new-secret-heading">Signing secret of {props.created.name}</h2>
      <Alert kind="warn">
        <p>
          <strong>Copy this secret now.</strong> It is shown only once. Verify each delivery's{' '}
          <code>Nodeplane-Signature</code> header with it (see the API docs).
        </p>
      </Alert>
      <p class="secret-line">
        <code id="new-secret">{props.created.secret}</code>{' '}
        <CopyButton target="#new-secret" label="Copy secret" />
      </p>
    </section>
  )
}

function WebhookRow(props: { hook: Webhook; csrf: string }) {
  const { hook } = props
  const action = (verb: string) => `${PAGE}/${hook.id}/${verb}`
  return (
    <tr data-webhook-id={hook.id}>
      <td data-label="URL">
        <a href={`${PAGE}/${hook.id}`}>
          <Truncated text={hook.url} />
        </a>
        {hook.description && <div class="small muted wrap-anywhere">{hook.description}</div>}
      </td>
      <td data-label="Events" class="small">
        {hook.event_types.length === 0 ? 'every event' : hook.event_types.join(', ')}
      </td>
      <td data-label="Status">
        {hook.enabled ? (
          <span class="badge badge-running">enabled</span>
        ) : (
          <span class="badge badge-deleting" title={hook.disabled_reason ?? undefined}>
            {hook.disabled_reason ? 'disabled by the server' : 'paused'}
          </span>
        )}
      </td>
      <td data-label="Created">
        <Time iso={hook.created_at} />
      </td>
      <td data-label="Actions">
        <div class="row-actions">
          <PostForm action={action('test')} csrf={props.csrf}>
            <button class="button-small secondary" aria-label={`Send a test event to ${hook.url}`}>
              Send test
            </button>
          </PostForm>
          <PostForm action={action(hook.enabled ? 'pause' : 'resume')} csrf={props.csrf}>
            <button class="button-small secondary">{hook.enabled ? 'Pause' : 'Resume'}</button>
          </PostForm>
          <PostForm
            action={action('delete')}
            csrf={props.csrf}
            confirm={`Delete the webhook to ${hook.url}? Deliveries stop at once.`}
          >
            <button class="button-small secondary" aria-label={`Delete the webhook to ${hook.url}`}>
              Delete
            </button>
          </PostForm>
        </div>
      </td>
    </tr>
  )
}

function CreateForm(props: {
  csrf: string
  values: Record<string, string>
  problem?: ProblemError
}) {
  return (
    <section aria-labelledby="create-webhook-heading">
      <h2 id="create-webhook-heading">Add a webhook</h2>
      {props.problem && <ProblemAlert problem={props.problem} />}
      <PostForm action={PAGE} csrf={props.csrf} once class="grid-form">
        <Field id="webhook-url" label="URL" hint="An https:// address that accepts POSTs.">
          <input
            id="webhook-url"
            name="url"
            type="url"
            required
            maxlength={2048}
            value={props.values.url}
            aria-describedby="webhook-url-hint"
          />
        </Field>
        <Field id="webhook-description" label="Description (optional)">
          <input
            id="webhook-description"
            name="description"
            maxlength={255}
            value={props.values.description}
          />
        </Field>
        <fieldset>
          <legend>Events (none checked: every event)</legend>
          <div class="checks">
            {EVENT_TYPES.map((type) => (
              <label class="radio">
                <input type="checkbox" name="event_types" value={type} /> {type}
              </label>
            ))}
          </div>
        </fieldset>
        <div class="actions">
          <button type="submit">Add webhook</button>
        </div>
      </PostForm>
    </section>
  )
}

async function webhooksPage(
  deps: Deps,
  c: DashContext,
  extra: { created?: NewSecret; problem?: ProblemError; values?: Record<string, string> } = {}
) {
  const session = sessionOf(c)
  const hooks = await listWebhooks(deps, session.user.accountId)
  const body = (
    <>
      <h1>Developer settings</h1>
      <SettingsTabs current="webhooks" />
      {extra.created && <NewWebhookSecret created={extra.created} />}
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhooks</h2>
        <p class="muted">
          nodeplane POSTs each event of the account (a node running, an address attached, a key
          revoked…) to these URLs, signed, and retries failed deliveries for hours.
        </p>
        {hooks.length === 0 ? (
          <EmptyState
            title="No webhooks yet."
            action={<JumpToForm field="webhook-url">Add your first webhook</JumpToForm>}
          >
            Add one to hear about changes without polling.
          </EmptyState>
        ) : (
          <CardTable
            caption="Your webhooks"
            columns={['URL', 'Events', 'Status', 'Created', 'Actions']}
          >
            {hooks.map((hook) => (
              <WebhookRow hook={hook} csrf={session.csrfToken} />
            ))}
          </CardTable>
        )}
      </section>
      <CreateForm csrf={session.csrfToken} values={extra.values ?? {}} problem={extra.problem} />
    </>
  )
  return renderPage(c, { title: 'Webhooks', nav: 'keys', status: extra.problem?.status, body })
}

function DeliveryLog(props: { deliveries: WebhookDelivery[] }) {
  if (props.deliveries.length === 0)
    return <p class="empty">No deliveries yet. Send a test event from the list.</p>
  return (
    <CardTable
      caption="Deliveries"
      columns={['Event', 'Status', 'Attempts', 'Last answer', 'Created', 'Next attempt']}
    >
      {props.deliveries.map((d) => {
        const last = d.attempt_log.at(-1)
        return (
          <tr data-delivery-id={d.id}>
            <td data-label="Event" class="mono">
              {d.event_type}
            </td>
            <td data-label="Status">{d.status}</td>
            <td data-label="Attempts" class="num">
              {d.attempts}
            </td>
            <td data-label="Last answer" class="wrap-anywhere">
              {last ? (last.response_status ?? last.error ?? '–') : '–'}
            </td>
            <td data-label="Created">
              <Time iso={d.created_at} />
            </td>
            <td data-label="Next attempt">
              <Time iso={d.next_attempt_at} />
            </td>
          </tr>
        )
      })}
    </CardTable>
  )
}

/** Developer settings › Webhooks: list, add (secret shown once), test, pause, delete, delivery log. */
export function webhooksRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const account = (c: DashContext) => sessionOf(c).user.accountId

  app.get(PAGE, (c) => webhooksPage(deps, c, { created: takeSecret(deps, c, PAGE) }))

  app.post(PAGE, async (c) => {
    const form = await c.req.parseBody({ all: true })
    const types = form.event_types
    const values = { url: field(form, 'url'), description: field(form, 'description') }
    const input = {
      url: values.url,
      description: values.description || undefined,
      event_types: (Array.isArray(types) ? types : types ? [types] : []).map(String),
    }
    return submitOnce<Webhook>(deps, c, form, {
      run: async (answer) => {
        const hook = await createWebhook(
          deps,
          account(c),
          parseInput(CreateWebhookBody, input),
          answer
        )
        handOverSecret(deps, c, PAGE, { name: hook.url, secret: hook.secret })
        return hook
      },
      done: (hook) => ({ location: PAGE, flash: `Added the webhook to ${hook.url}.` }),
      failed: (problem) => webhooksPage(deps, c, { problem, values }),
      pending: {
        location: PAGE,
        flash: 'Your webhook is still being added; it shows in the list below.',
      },
    })
  })

  app.get(`${PAGE}/:id`, async (c) => {
    const id = c.req.param('id')
    const [hooks, deliveries] = await Promise.all([
      listWebhooks(deps, account(c)),
      webhookDeliveries(deps, account(c), id),
    ])
    const hook = hooks.find((h) => h.id === id)!
    const body = (
      <>
        <h1>Webhook deliveries</h1>
        <p>
          <a href={PAGE}>← Webhooks</a> · <span class="wrap-anywhere">{hook.url}</span>
        </p>
        <DeliveryLog deliveries={deliveries} />
      </>
    )
    return renderPage(c, { title: 'Webhook deliveries', nav: 'keys', body })
  })

  const act = (verb: string, run: (c: DashContext, id: string) => Promise<unknown>, ok: string) => {
    app.get(
      `${PAGE}/:id/${verb}`,
      toFormPage(() => PAGE)
    )
    app.post(`${PAGE}/:id/${verb}`, async (c) => {
      const result = await attempt(() => run(c, c.req.param('id')))
      setFlash(c, result.ok ? 'ok' : 'error', result.ok ? ok : result.problem.message)
      return c.redirect(PAGE, 303)
    })
  }
  act(
    'test',
    (c, id) => sendTestEvent(deps, account(c), id),
    'Sent a test event; its delivery shows in the webhook’s log.'
  )
  act(
    'pause',
    (c, id) => changeWebhook(deps, account(c), id, { enabled: false }),
    'Paused the webhook: events wait until you resume it.'
  )
  act(
    'resume',
    (c, id) => changeWebhook(deps, account(c), id, { enabled: true }),
    'Resumed the webhook, with the events it missed.'
  )
  act('delete', (c, id) => deleteWebhook(deps, account(c), id), 'Deleted the webhook.')
  return app
}
