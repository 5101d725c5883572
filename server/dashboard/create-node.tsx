import { Hono } from 'hono'
import { defaultRegion, getHost, sizesInRegion } from '../compute-hosts/compute-hosts.service.js'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import type { SshKey } from '../ssh-keys/ssh-keys.schema.js'
import { listSshKeys } from '../ssh-keys/ssh-keys.service.js'
import { listVpcs } from '../vpcs/vpcs.service.js'
import type { Vpc } from '../vpcs/vpcs.schema.js'
import { LabelsField } from './components/labels.js'
import { SshAccessFields } from './components/ssh-access.js'
import { Field, PostForm, ProblemAlert } from './components/ui.js'
import { sessionOf, type DashContext, type DashEnv } from './context.js'
import { createFromForm, type NewNodeValues } from './create-node.form.js'
import { inventoryPlaces } from './nodes.data.js'
import { NodeNameField } from './nodes.view.js'
import { renderPage } from './render.js'
import { sizeText } from './components/size.js'

type Size = Awaited<ReturnType<typeof sizesInRegion>>[number]

const describe = (size: Size) =>
  sizeText({
    cpu_cores: size.cores,
    memory_gb: size.memoryGb,
    storage_gb: size.storageGb,
    gpu_count: size.gpus,
  })

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

/** SSH keys, password login, labels and user data: what the node is set up with. */
function SetupFields(props: { sshKeys: SshKey[]; values: NewNodeValues }) {
  const v = props.values
  return (
    <>
      <SshAccessFields
        idPrefix="new"
        legend="SSH access"
        sshKeys={props.sshKeys}
        selected={v.ssh_keys ?? []}
        passwordLogin={v.password_login ?? !v.ssh_keys?.length}
        followsKeys={v.password_login === undefined}
      />
      <LabelsField id="new-labels" value={v.labels} />
      <Field
        id="new-user-data"
        label="User data (optional)"
        hint="Runs once as root when the node first starts: a shell script starting with #!, or #cloud-config with write_files, runcmd and users. At most 32 KiB."
      >
        <textarea
          id="new-user-data"
          name="user_data"
          class="mono"
          rows={6}
          maxlength={32 * 1024}
          spellcheck={false}
          aria-describedby="new-user-data-hint"
          placeholder={'#!/bin/sh\necho hello > /root/hello.txt'}
        >
          {v.user_data}
        </textarea>
      </Field>
    </>
  )
}

function CreatePage(props: {
  csrf: string
  regions: string[]
  region: string
  sizes: Size[]
  vpcs: Vpc[]
  sshKeys: SshKey[]
  values: NewNodeValues
  problem?: ProblemError
}) {
  const v = props.values
  const chosen = props.sizes.find((size) => size.host.id === v.host_id) ?? props.sizes[0]
  return (
    <>
      <h1>Create a node</h1>
      <p class="muted">
        Pick a region and a size; the price is locked when the node is created and billed per second
        until you delete it.
      </p>
      <RegionPicker regions={props.regions} region={props.region} />
      {props.problem && <ProblemAlert problem={props.problem} />}
      {!chosen ? (
        <p class="empty">
          No host is free in {props.region}. Pick another region, or{' '}
          <a href="/ui/hosts">browse compute hosts</a>.
        </p>
      ) : (
        <PostForm action={NEW_PAGE} csrf={props.csrf} once class="create-flow">
          <input type="hidden" name="region" value={props.region} />
          <SizeTable sizes={props.sizes} chosen={chosen.host.id} />
          <div class="grid-form">
            <Field id="new-vpc" label="VPC">
              <select id="new-vpc" name="vpc_id">
                <option value="">Default VPC of {props.region}</option>
                {props.vpcs.map((vpc) => (
                  <option value={vpc.id} selected={vpc.id === v.vpc_id}>
                    {vpc.name} ({vpc.cidr})
                  </option>
                ))}
              </select>
            </Field>
            <NodeNameField id="new-name" value={v.name} />
            <SetupFields sshKeys={props.sshKeys} values={v} />
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

const NEW_PAGE = '/ui/nodes/new'

/**
 * The host the hosts page's "Create node" names (or the form chose) stands for its size, so
 * the node goes where the user pointed, not to the size's cheapest host.
 */
async function offerHost(deps: Deps, sizes: Size[], hostId: string | undefined) {
  const host = hostId ? await getHost(deps, hostId).catch(() => undefined) : undefined
  if (!host || host.status !== 'active') return sizes
  const same = (s: Size) =>
    s.cores === host.cpu.cores &&
    s.memoryGb === host.memory_gb &&
    s.storageGb === host.storage_gb &&
    s.gpus === host.gpu.count
  return sizes.map((size) => (same(size) ? { ...size, host } : size))
}

async function createPage(
  deps: Deps,
  c: DashContext,
  asked: string | undefined,
  values: NewNodeValues = {},
  problem?: ProblemError
) {
  const accountId = sessionOf(c).user.accountId
  const { regions } = await inventoryPlaces(deps)
  const region = asked && regions.includes(asked) ? asked : await defaultRegion(deps)
  const [sizes, vpcs, sshKeys] = await Promise.all([
    sizesInRegion(deps, region).then((all) => offerHost(deps, all, values.host_id)),
    listVpcs(deps, accountId),
    listSshKeys(deps, accountId),
  ])
  const body = (
    <CreatePage
      csrf={sessionOf(c).csrfToken}
      regions={regions}
      region={region}
      sizes={sizes}
      vpcs={vpcs.filter((vpc) => vpc.region === region)}
      sshKeys={sshKeys}
      values={values}
      problem={problem}
    />
  )
  return renderPage(c, { title: 'Create a node', nav: 'nodes', status: problem?.status, body })
}

/** `/ui/nodes/new`: create a node knowing its price, from the sizes a region has free. */
export function createNodeRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  app.get(NEW_PAGE, (c) =>
    createPage(deps, c, c.req.query('region'), { host_id: c.req.query('host_id') })
  )
  // A refusal shows this page again with everything typed, and says why above the form.
  app.post(NEW_PAGE, async (c) =>
    createFromForm(deps, c, (values, problem) =>
      createPage(deps, c, values.region, values, problem)
    )
  )
  return app
}
