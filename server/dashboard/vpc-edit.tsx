/**
 * @module Editing a VPC from the dashboard: `/ui/vpcs/{id}/edit` changes its description and
 * labels through the VPCs service, with the body parsed by the schema of
 * `PATCH /api/v1/networking/{id}`, so the limits and the `vpc.updated` event are the API's.
 * The API cannot rename a VPC, so neither can this page.
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { parseInput } from '../http/router.js'
import { UpdateVpcBody, type Vpc } from '../vpcs/vpcs.schema.js'
import { getVpc, updateVpc } from '../vpcs/vpcs.service.js'
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

const LIST = '/ui/vpcs'
const editOf = (id: string) => `${LIST}/${encodeURIComponent(id)}/edit`

/** The form as typed, or as the VPC is. */
type Typed = { description: string; labels: string }

function EditVpcForm(props: { vpc: Vpc; csrf: string; typed: Typed; problem?: ProblemError }) {
  const { typed, problem } = props
  const descriptionErrors = errorsOf(problem, 'description')
  return (
    <PostForm action={editOf(props.vpc.id)} csrf={props.csrf} class="grid-form">
      <Field id="vpc-description" label="Description (optional)" errors={descriptionErrors}>
        <input
          id="vpc-description"
          name="description"
          maxlength={255}
          value={typed.description}
          {...described('vpc-description', false, descriptionErrors)}
        />
      </Field>
      <LabelsField
        id="vpc-labels"
        value={typed.labels}
        errors={labelErrors(problem, typed.labels)}
      />
      <div class="actions">
        <button type="submit">Save VPC</button>
        <a href={LIST}>Cancel</a>
      </div>
    </PostForm>
  )
}

function editPage(c: DashContext, vpc: Vpc, typed: Typed, problem?: ProblemError) {
  const title = `Edit VPC ${vpc.name}`
  const body = (
    <>
      <p class="breadcrumb wrap-anywhere">
        <a href={LIST}>VPCs</a> / {vpc.name}
      </p>
      <h1 class="wrap-anywhere">{title}</h1>
      {problem && <ProblemAlert problem={problem} />}
      <dl class="fields">
        <dt>ID</dt>
        <dd class="mono">{vpc.id}</dd>
        <dt>Region</dt>
        <dd>{vpc.region}</dd>
        <dt>CIDR</dt>
        <dd class="mono">{vpc.cidr}</dd>
      </dl>
      <EditVpcForm vpc={vpc} csrf={sessionOf(c).csrfToken} typed={typed} problem={problem} />
    </>
  )
  return renderPage(c, { title, nav: 'vpcs', status: problem?.status, body })
}

/** The PATCH body: the whole form, so an emptied description or labels box removes them. */
const patchOf = (typed: Typed) =>
  parseInput(UpdateVpcBody, {
    description: typed.description === '' ? null : typed.description,
    labels: parseLabelLines(typed.labels),
  })

export function vpcEditRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const account = (c: DashContext) => sessionOf(c).user.accountId

  app.get(`${LIST}/:id/edit`, async (c) => {
    // Another account's id throws the 404: the dashboard's not-found page.
    const vpc = await getVpc(deps, account(c), c.req.param('id'))
    return editPage(c, vpc, { description: vpc.description ?? '', labels: labelLines(vpc.labels) })
  })

  app.post(`${LIST}/:id/edit`, async (c) => {
    // The not-found page comes before anything is read from the form.
    const vpc = await getVpc(deps, account(c), c.req.param('id'))
    const form = await c.req.parseBody()
    const typed = {
      description: field(form, 'description'),
      labels: unixLines(rawField(form, 'labels')),
    }
    const result = await attempt(() => updateVpc(deps, account(c), vpc.id, patchOf(typed)))
    if (!result.ok) return editPage(c, vpc, typed, result.problem)
    setFlash(c, 'ok', `Saved VPC ${vpc.name}.`)
    return c.redirect(LIST, 303)
  })

  return app
}
