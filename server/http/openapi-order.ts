/**
 * The OpenAPI document in the product's order, and in a shape strict readers accept: what the
 * /docs page shows is the document's own order, so it is decided here rather than by the order
 * in which routers happen to be mounted (the power actions came before "Create a node").
 * @module
 */
import type { OpenAPIHono } from '@hono/zod-openapi'

type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>
type Schema = Record<string, unknown>

/** The families in the dashboard's order (its nav, then what it nests); an unlisted tag goes last. */
export const TAGS = [
  { name: 'Nodes', description: 'Compute nodes: create, list, change, power, delete' },
  { name: 'Public IPs', description: "A node's public IPv4 and IPv6 addresses" },
  { name: 'VPC networks', description: 'Isolated private networks that nodes join' },
  { name: 'Firewalls', description: 'Inbound rules applied to nodes by id or by label' },
  { name: 'SSH keys', description: 'Keys root logs in to nodes with' },
  { name: 'Compute hosts', description: 'Public discovery of bare-metal hosts and their prices' },
  { name: 'Billing', description: 'Usage and cost per node' },
  { name: 'Events', description: "The account's event log and stream" },
  { name: 'Webhooks', description: 'Events delivered to your HTTPS endpoints' },
]

// Create first, then read, change and delete, as a reader meets them.
const METHODS = ['post', 'get', 'put', 'patch', 'delete', 'head', 'options', 'trace']

/** `doc` with its tags listed in product order, paths grouped by tag and methods create-first. */
export function inProductOrder(doc: Document): Document {
  const rank = (path: string) => tagRank(firstTag(doc.paths?.[path]))
  // A family's collection and item paths come before its sub-resources and actions.
  const depth = (path: string) => (path.replace(/^\/api\/v\d+/, '').split('/').length > 3 ? 1 : 0)
  const paths = Object.keys(doc.paths ?? {})
    .map((path, index) => ({ path, index }))
    .sort(
      (a, b) => rank(a.path) - rank(b.path) || depth(a.path) - depth(b.path) || a.index - b.index
    )
    .map(({ path }) => [path, methodsInOrder(doc.paths![path] as Schema)])
  return { ...doc, tags: TAGS, paths: Object.fromEntries(paths) }
}

function firstTag(item: unknown): string | undefined {
  const operations = Object.values((item ?? {}) as Record<string, { tags?: string[] }>)
  return operations.find((operation) => operation?.tags?.length)?.tags?.[0]
}

function tagRank(tag: string | undefined): number {
  const index = TAGS.findIndex((known) => known.name === tag)
  return index === -1 ? TAGS.length : index
}

function methodsInOrder(item: Schema): Schema {
  const order = (key: string) => (METHODS.includes(key) ? METHODS.indexOf(key) : -1)
  return Object.fromEntries(Object.entries(item).sort(([a], [b]) => order(a) - order(b)))
}

/**
 * Gives a `oneOf`/`anyOf` whose branches all declare one `type` that type itself. JSON Schema
 * does not need it, but the /docs page's reader refuses a schema with neither a type nor a
 * `$ref` ("Expected union value" for FirewallApplyTo), and zod's generator drops the union when
 * asked to add the type.
 */
export function withUnionTypes(doc: Document): Document {
  const schemas = doc.components?.schemas as Record<string, Schema> | undefined
  if (!schemas) return doc
  const hoisted = Object.entries(schemas).map(([name, schema]) => [name, hoistType(schema)])
  return { ...doc, components: { ...doc.components, schemas: Object.fromEntries(hoisted) } }
}

function hoistType(schema: Schema): Schema {
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (schema.type !== undefined || !branches?.length) return schema
  const types = new Set(branches.map((branch) => branch.type))
  const [type] = types
  return types.size === 1 && typeof type === 'string' ? { type, ...schema } : schema
}
