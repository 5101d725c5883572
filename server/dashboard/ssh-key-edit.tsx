/**
 * @module Editing an SSH key from the dashboard: `/ui/settings/ssh-keys/{id}/edit` renames it
 * and replaces its labels through the SSH keys service, with the body parsed by the schema of
 * `PATCH /api/v1/ssh-keys/{id}`, so the limits, the 409 for a taken name and the
 * `ssh_key.updated` event are the API's. The key itself cannot change: add a new one instead.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { parseInput } from '../http/router.js'
import { PRINTABLE_PATTERN } from '../lib/names.js'
import { UpdateSshKeyBody, type SshKey } from '../ssh-keys/ssh-keys.schema.js'
import { getSshKey, updateSshKey } from '../ssh-keys/ssh-keys.service.js'
import { LabelsField } from './components/labels.js'
import { described, Field, PostForm, ProblemAlert } from './components/ui.js'
import {
  attempt,
  errorsOf,
  field,
  rawField,
  unixLines,
  sessionOf,
  type DashContext,
  type DashEnv,
} from './context.js'
import { setFlash } from './flash.js'
import { labelErrors, labelLines, parseLabelLines } from './labels.js'
import { renderPage } from './render.js'
import { PAGE } from './ssh-keys.js'

const editOf = (id: string) => `${PAGE}/${encodeURIComponent(id)}/edit`

/** The form as typed, or as the key is. */
type Typed = { name: string; labels: string }

/** The name's errors: the schema's, and a taken name (a 409 with no field list). */
function nameErrors(problem?: ProblemError): string[] {
  const taken = problem?.code === 'ssh_key_name_taken' ? [problem.message] : []
  return [...errorsOf(problem, 'name'), ...taken]
}

function EditSshKeyForm(props: {
  sshKey: SshKey
  csrf: string
  typed: Typed
  problem?: ProblemError
}) {
  const { typed, problem } = props
  const errors = nameErrors(problem)
  return (
    <PostForm action={editOf(props.sshKey.id)} csrf={props.csrf} class="grid-form">
      <Field id="ssh-key-name" label="Name" errors={errors}>
        <input
          id="ssh-key-name"
          name="name"
          required
          maxlength={63}
          pattern={PRINTABLE_PATTERN}
          value={typed.name}
          {...described('ssh-key-name', false, errors)}
        />
      </Field>
      <LabelsField
        id="ssh-key-labels"
        value={typed.labels}
        errors={labelErrors(problem, typed.labels)}
      />
      <div class="actions">
        <button type="submit">Save SSH key</button>
        <a href={PAGE}>Cancel</a>
      </div>
    </PostForm>
  )
}

function editPage(c: DashContext, sshKey: SshKey, typed: Typed, problem?: ProblemError) {
  const title = `Edit SSH key ${sshKey.name}`
  const body = (
    <>
      <p class="breadcrumb wrap-anywhere">
        <a href={PAGE}>SSH keys</a> / {sshKey.name}
      </p>
      <h1 class="wrap-anywhere">{title}</h1>
      {problem && <ProblemAlert problem={problem} />}
      <dl class="fields">
        <dt>ID</dt>
        <dd class="mono">{sshKey.id}</dd>
        <dt>Fingerprint</dt>
        <dd class="mono wrap-anywhere">{sshKey.fingerprint}</dd>
        <dt>Public key</dt>
        <dd class="mono small wrap-anywhere">{sshKey.public_key}</dd>
      </dl>
      <EditSshKeyForm
        sshKey={sshKey}
        csrf={sessionOf(c).csrfToken}
        typed={typed}
        problem={problem}
      />
    </>
  )
  return renderPage(c, { title, nav: 'keys', status: problem?.status, body })
}

/** The PATCH body: the name and the whole label set, which replaces the key's. */
const patchOf = (typed: Typed) =>
  parseInput(UpdateSshKeyBody, { name: typed.name, labels: parseLabelLines(typed.labels) })

export function sshKeyEditRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const account = (c: DashContext) => sessionOf(c).user.accountId

  app.get(`${PAGE}/:id/edit`, async (c) => {
    // Another account's id throws the 404: the dashboard's not-found page.
    const sshKey = await getSshKey(deps, account(c), c.req.param('id'))
    return editPage(c, sshKey, { name: sshKey.name, labels: labelLines(sshKey.labels) })
  })

  app.post(`${PAGE}/:id/edit`, async (c) => {
    // The not-found page comes before anything is read from the form.
    const sshKey = await getSshKey(deps, account(c), c.req.param('id'))
    const form = await c.req.parseBody()
    const typed = { name: field(form, 'name'), labels: unixLines(rawField(form, 'labels')) }
    const result = await attempt(() => updateSshKey(deps, account(c), sshKey.id, patchOf(typed)))
    if (!result.ok) return editPage(c, sshKey, typed, result.problem)
    setFlash(c, 'ok', `Saved the SSH key “${result.value.name}”.`)
    return c.redirect(PAGE, 303)
  })

  return app
}
