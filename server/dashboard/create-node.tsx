import { Hono } from 'hono'
import { sizesInRegion } from '../compute-hosts/compute-hosts.service.js'
import type { Deps } from '../deps.js'
import { listVpcs } from '../vpcs/vpcs.service.js'
import type { Vpc } from '../vpcs/vpcs.schema.js'
import { Field, PostForm } from './components/ui.js'
import { sessionOf, type DashEnv } from './context.js'
import { inventoryPlaces } from './nodes.data.js'
import { NodeNameField } from './nodes.view.js'
import { renderPage } from './render.js'

type Size = Awaited<ReturnType<typeof sizesInRegion>>[number]

const describe = (size: Size) =>
  `${size.cores} cores · ${size.memoryGb} GB RAM · ${size.storageGb} GB disk${size.gpus > 0 ? ` · ${size.gpus} GPU` : ''}`

const priceText = (size: Size) => {
  const { hourly, monthly, currency } = size.host.pricing
  return `${hourly} ${currency}/hour · ${monthly} ${currency}/month`
}

function RegionPicker(props: { regions: string[]; region: string }) {
  return (
    <form method="get" action="/ui/nodes/new" class="inline-form" data-autosubmit>
      <Field id="new-region" label="Region">
        <select id="new-region" name="region">
          {props.regions.map((r) => (
            <option value={r} selected={r === props.region}>
              {r}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" class="secondary">
        Show sizes
      </button>
    </form>
  )
}

/** The sizes as radio rows; the cheapest host of the chosen size is the one the node gets. */
function SizeTable(props: { sizes: Size[]; chosen: string }) {
  return (
    <fieldset>
      <legend>Size</legend>
      <div class="table-scroll">
        <table class="sizes cards">
          <thead>
            <tr>
              {['', 'Cores', 'Memory', 'Storage', 'GPU', 'Per hour', 'Per month', 'Free'].map(
                (h) => (
                  <th scope="col">{h}</th>
                )
              )}
            </tr>
          </thead>
          <tbody>
            {props.sizes.map((size) => {
              const id = `size-${size.host.id}`
              return (
                <tr>
                  <td data-label="Choose">
                    <input
                      type="radio"
                      id={id}
                      name="host_id"
                      value={size.host.id}
                      checked={size.host.id === props.chosen}
                      required
                      data-summary={`${describe(size)}: ${priceText(size)}`}
                      aria-label={`${describe(size)}, ${priceText(size)}, ${size.free} free`}
                    />
                  </td>
                  <td data-label="Cores">
                    <label for={id}>{size.cores}</label>
                  </td>
                  <td data-label="Memory">{size.memoryGb} GB</td>
                  <td data-label="Storage">{size.storageGb} GB</td>
                  <td data-label="GPU">{size.gpus || '–'}</td>
                  <td class="num" data-label="Per hour">
                    {size.host.pricing.hourly} {size.host.pricing.currency}
                  </td>
                  <td class="num" data-label="Per month">
                    {size.host.pricing.monthly} {size.host.pricing.currency}
                  </td>
                  <td class="num" data-label="Free">
                    {size.free}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  )
}

function CreatePage(props: {
  csrf: string
  regions: string[]
  region: string
  sizes: Size[]
  vpcs: Vpc[]
}) {
  const chosen = props.sizes[0]
  return (
    <>
      <h1>Create a node</h1>
      <p class="muted">
        Pick a region and a size; the price is locked when the node is created and billed per second
        until you delete it.
      </p>
      <RegionPicker regions={props.regions} region={props.region} />
      {!chosen ? (
        <p class="empty">
          No host is free in {props.region}. Pick another region, or{' '}
          <a href="/ui/hosts">browse compute hosts</a>.
        </p>
      ) : (
        <PostForm action="/ui/nodes" csrf={props.csrf} once class="create-flow">
          <input type="hidden" name="region" value={props.region} />
          <SizeTable sizes={props.sizes} chosen={chosen.host.id} />
          <div class="grid-form">
            <Field id="new-vpc" label="VPC">
              <select id="new-vpc" name="vpc_id">
                <option value="">Default VPC of {props.region}</option>
                {props.vpcs.map((vpc) => (
                  <option value={vpc.id}>
                    {vpc.name} ({vpc.cidr})
                  </option>
                ))}
              </select>
            </Field>
            <NodeNameField id="new-name" />
          </div>
          <p class="summary" aria-live="polite">
            <strong>You pay</strong>{' '}
            <span data-summary-target>{`${describe(chosen)}: ${priceText(chosen)}`}</span>, billed
            per second from creation until you delete the node.
          </p>
          <div class="actions">
            <button type="submit">Create node</button>
            <a href="/ui/nodes">Cancel</a>
          </div>
        </PostForm>
      )}
    </>
  )
}

/** `/ui/nodes/new`: create a node knowing its price, from the sizes a region has free. */
export function createNodeRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  app.get('/ui/nodes/new', async (c) => {
    const session = sessionOf(c)
    const { regions } = await inventoryPlaces(deps)
    const asked = c.req.query('region')
    const region = asked && regions.includes(asked) ? asked : deps.config.defaultRegion
    const [sizes, vpcs] = await Promise.all([
      sizesInRegion(deps.db, region),
      listVpcs(deps.db, session.user.accountId),
    ])
    const body = (
      <CreatePage
        csrf={session.csrfToken}
        regions={regions}
        region={region}
        sizes={sizes}
        vpcs={vpcs.filter((vpc) => vpc.region === region)}
      />
    )
    return renderPage(c, { title: 'Create a node', nav: 'nodes', body })
  })
  return app
}
