import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { defaultRegion } from '../compute-hosts/compute-hosts.service.js'
import type { ProblemError } from '../http/problem.js'
import { PRINTABLE_PATTERN } from '../lib/names.js'
import { CreateVpcBody, type Vpc } from '../vpcs/vpcs.schema.js'
import { createVpc, deleteVpc, listVpcs } from '../vpcs/vpcs.service.js'
import { EmptyState, JumpToForm } from './components/empty-state.js'
import { ACTIONS, CardTable } from './components/card-table.js'
import { RowMenu } from './components/row-menu.js'
import { LabelChips, LabelsField } from './components/labels.js'
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
import { inventoryPlaces } from './nodes.data.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'

type Values = { name?: string; region?: string; description?: string; labels?: string }

function VpcTable(props: { vpcs: Vpc[]; csrf: string }) {
  return (
    <CardTable
      caption="Your VPCs"
      columns={['Name', 'Region', 'CIDR', 'Nodes', 'Created', ACTIONS]}
    >
      {props.vpcs.map((vpc) => (
        <tr id={`vpc-${vpc.id}`}>
          <td data-label="Name">
            <strong>
              <Truncated text={vpc.name} />
            </strong>
            <div class="mono small">{vpc.id}</div>
            {vpc.description && <div class="small muted wrap-anywhere">{vpc.description}</div>}
            {Object.keys(vpc.labels).length > 0 && <LabelChips labels={vpc.labels} />}
          </td>
          <td data-label="Region">{vpc.region}</td>
          <td data-label="CIDR" class="mono">
            {vpc.cidr}
          </td>
          <td data-label="Nodes">
            {vpc.node_ids.length === 0 ? (
              <span class="muted">none</span>
            ) : (
              <NodeLinks ids={vpc.node_ids} />
            )}
          </td>
          <td data-label="Created">
            <Time iso={vpc.created_at} />
          </td>
          <td data-label="Actions">
            <RowMenu label={vpc.name}>
              <li>
                <a href={`/ui/vpcs/${vpc.id}/edit`} aria-label={`Edit VPC ${vpc.name}`}>
                  Edit
                </a>
              </li>
              <li>
                <CopyButton text={vpc.id} label="Copy id" />
              </li>
              <li>
                <PostForm
                  action={`/ui/vpcs/${vpc.id}/delete`}
                  csrf={props.csrf}
                  confirm={`Delete VPC ${vpc.name}?`}
                >
                  <button class="menu-danger" aria-label={`Delete VPC ${vpc.name}`}>
                    Delete…
                  </button>
                </PostForm>
              </li>
            </RowMenu>
          </td>
        </tr>
      ))}
    </CardTable>
  )
}

function NodeLinks(props: { ids: string[] }) {
  return (
    <ul class="plain">
      {props.ids.map((id) => (
        <li>
          <a class="mono" href={`/ui/nodes/${id}`}>
            {id}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** A refusal; a VPC that still has nodes names them, each a link to delete it from. */
function VpcProblem(props: { problem: ProblemError }) {
  const ids = props.problem.options.extra?.node_ids
  return (
    <ProblemAlert problem={props.problem}>
      {Array.isArray(ids) && (
        <>
          <p>These nodes block the deletion:</p>
          <NodeLinks ids={ids.map(String)} />
        </>
      )}
    </ProblemAlert>
  )
}

async function vpcsPage(deps: Deps, c: DashContext, values: Values = {}, problem?: ProblemError) {
  const session = sessionOf(c)
  const [vpcs, places, fallback] = await Promise.all([
    listVpcs(deps, session.user.accountId),
    inventoryPlaces(deps),
    defaultRegion(deps),
  ])
  const body = (
    <>
      <h1>VPC networks</h1>
      {problem && <VpcProblem problem={problem} />}
      {vpcs.length === 0 ? (
        <EmptyState
          title="No VPCs yet."
          action={<JumpToForm field="vpc-name">Create your first VPC</JumpToForm>}
        >
          Each region gets a default VPC with its first node; create your own to keep nodes apart.
        </EmptyState>
      ) : (
        <VpcTable vpcs={vpcs} csrf={session.csrfToken} />
      )}
      <section aria-labelledby="create-vpc-heading">
        <h2 id="create-vpc-heading">Create a VPC</h2>
        <PostForm action="/ui/vpcs" csrf={session.csrfToken} once class="grid-form">
          <Field id="vpc-name" label="Name">
            <input
              id="vpc-name"
              name="name"
              required
              maxlength={63}
              pattern={PRINTABLE_PATTERN}
              value={values.name}
            />
          </Field>
          <Field id="vpc-region" label="Region">
            <select id="vpc-region" name="region">
              <option value="">Server default ({fallback})</option>
              {places.regions.map((r) => (
                <option value={r} selected={r === values.region}>
                  {r}
                </option>
              ))}
            </select>
          </Field>
          <Field id="vpc-description" label="Description (optional)">
            <input
              id="vpc-description"
              name="description"
              maxlength={255}
              value={values.description}
            />
          </Field>
          <LabelsField
            id="vpc-labels"
            value={values.labels ?? ''}
            errors={labelErrors(problem, values.labels ?? '')}
          />
          <div class="actions">
            <button type="submit">Create VPC</button>
          </div>
        </PostForm>
      </section>
    </>
  )
  return renderPage(c, { title: 'VPCs', nav: 'vpcs', status: problem?.status, body })
}

/** `/ui/vpcs`: list, create and delete VPC networks; editing one is vpc-edit.tsx. */
export function vpcsRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()

  app.get('/ui/vpcs', (c) => vpcsPage(deps, c))

  app.post('/ui/vpcs', async (c) => {
    const form = await c.req.parseBody()
    const values = {
      name: field(form, 'name'),
      region: field(form, 'region'),
      description: field(form, 'description'),
      labels: unixLines(rawField(form, 'labels')),
    }
    return submitOnce<Vpc>(deps, c, form, {
      run: async (answer) => {
        const { labels, ...text } = values
        const body = parseForm(CreateVpcBody, text, { labels: parseLabelLines(labels) })
        return createVpc(deps, sessionOf(c).user.accountId, body, answer)
      },
      done: (vpc) => ({ location: '/ui/vpcs', flash: `Created VPC ${vpc.name} (${vpc.cidr}).` }),
      failed: (problem) => vpcsPage(deps, c, values, problem),
      pending: {
        location: '/ui/vpcs',
        flash: 'Your VPC is still being created; it shows in the list below.',
      },
    })
  })

  app.get(
    '/ui/vpcs/:id/delete',
    toFormPage(() => '/ui/vpcs')
  )
  app.post('/ui/vpcs/:id/delete', async (c) => {
    const result = await attempt(() =>
      deleteVpc(deps, sessionOf(c).user.accountId, c.req.param('id'))
    )
    if (!result.ok) return vpcsPage(deps, c, {}, result.problem)
    setFlash(c, 'ok', 'Deleted the VPC.')
    return c.redirect('/ui/vpcs', 303)
  })

  return app
}
