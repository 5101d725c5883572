import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { parseInput } from '../http/router.js'
import { CreateNodeBody, type Node } from '../nodes/nodes.schema.js'
import { createNode } from '../nodes/nodes.service.js'
import { accessFromForm } from './components/ssh-access.js'
import { field, rawField, sessionOf, unixLines, type DashContext } from './context.js'
import { parseLabelLines } from './labels.js'
import { submitOnce } from './once.js'

/** What the create page shows again after a refusal. */
export interface NewNodeValues {
  name?: string
  region?: string
  vpc_id?: string
  host_id?: string
  ssh_keys?: string[]
  password_login?: boolean
  /** The labels textarea as typed: `key=value` lines. */
  labels?: string
  user_data?: string
}

function valuesOf(form: Record<string, unknown>): NewNodeValues {
  return {
    name: field(form, 'name'),
    region: field(form, 'region'),
    vpc_id: field(form, 'vpc_id'),
    host_id: field(form, 'host_id'),
    ...accessFromForm(form),
    labels: unixLines(rawField(form, 'labels')),
    user_data: unixLines(rawField(form, 'user_data')),
  }
}

/** The API's create body from the form; empty fields are left out, as an API caller would. */
function bodyOf(v: NewNodeValues) {
  const labels = parseLabelLines(v.labels ?? '')
  return parseInput(
    CreateNodeBody,
    defined({
      name: v.name || undefined,
      region: v.region || undefined,
      vpc_id: v.vpc_id || undefined,
      host_id: v.host_id || undefined,
      ssh_keys: v.ssh_keys?.length ? v.ssh_keys : undefined,
      password_login: v.password_login,
      labels: Object.keys(labels).length > 0 ? labels : undefined,
      user_data: v.user_data?.trim() ? v.user_data : undefined,
    })
  )
}

// The schema is strict: a key sent as undefined counts as an unknown field.
const defined = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))

/**
 * `POST /ui/nodes/new`: creates the node once per form token with what the page chose (size,
 * VPC, name, SSH keys, password login, labels, user data) through the API's own service.
 */
export async function createFromForm(
  deps: Deps,
  c: DashContext,
  failed: (values: NewNodeValues, problem: ProblemError) => Response | Promise<Response>
): Promise<Response> {
  const form = await c.req.parseBody({ all: true })
  const values = valuesOf(form)
  const accountId = sessionOf(c).user.accountId
  return submitOnce<Node>(deps, c, form, {
    run: (answer) => createNode(deps, accountId, bodyOf(values), answer),
    done: (node) => ({
      location: '/ui/nodes',
      flash: `Node ${node.name ?? node.id} is provisioning. Its status updates here by itself.`,
    }),
    failed: (problem) => failed(values, problem),
    pending: {
      location: '/ui/nodes',
      flash: 'Your node is still being created; it shows in the table below.',
    },
  })
}
