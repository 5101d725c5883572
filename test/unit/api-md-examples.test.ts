import { readFileSync } from 'node:fs'
import type { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.js'
import { loadConfig } from '../../server/config.js'
import type { Deps } from '../../server/deps.js'
import { Event } from '../../server/events/events.schema.js'
import { Problem } from '../../server/http/problem.js'
import { Node } from '../../server/nodes/nodes.schema.js'
import { docExamples, type DocExample } from '../helpers/doc-examples.js'

const markdown = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')
const examples = docExamples(markdown, 'docs/api.md')

/** The components a ```json block may name with `<!-- schema: Name -->`. */
const NAMED: Record<string, z.ZodType> = { Problem, Event }

interface Route {
  method: string
  path: string
  request?: { body?: { content?: Record<string, { schema: z.ZodType }> } }
  responses: Record<string, { content?: Record<string, { schema: z.ZodType }> }>
}

// The routes as the server declares them, with the zod schemas it validates and answers with.
const app = createApp({ config: loadConfig({}) } as Deps)
const routes = app.openAPIRegistry.definitions.flatMap((d) =>
  d.type === 'route' ? [d.route as unknown as Route] : []
)

/** The route a documented request went to: its template matches, the most literal one first. */
function routeOf(method: string, path: string): Route | undefined {
  const matches = routes.filter((route) => {
    const pattern = route.path.replace(/\{[^}]+\}/g, '[^/]+')
    return route.method === method.toLowerCase() && new RegExp(`^${pattern}$`).test(path)
  })
  return matches.sort((a, b) => b.path.split('{').length - a.path.split('{').length).at(-1)
}

/** The schema of the answer `status`, JSON or problem+json. */
function answerSchema(route: Route, status: number): z.ZodType | undefined {
  const content = route.responses[String(status)]?.content ?? {}
  return (content['application/json'] ?? content['application/problem+json'])?.schema
}

/** Where `value` breaks `schema`, and which of its top-level fields the schema has not. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value)
  const issues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
  return [...issues, ...unknownFields(schema, value)]
}

function unknownFields(schema: z.ZodType, value: unknown): string[] {
  const def = (schema as { def?: { type?: string; element?: z.ZodType; catchall?: unknown } }).def
  if (def?.type === 'array' && Array.isArray(value))
    return value.flatMap((item) => unknownFields(def.element!, item))
  const shape = (schema as { shape?: Record<string, unknown> }).shape
  if (!shape || def?.catchall || !value || typeof value !== 'object') return []
  return Object.keys(value)
    .filter((key) => !(key in shape))
    .map((key) => `${key}: not a field of the answer`)
}

const parses = (text: string | undefined) => {
  try {
    return text !== undefined && (JSON.parse(text), true)
  } catch {
    return false
  }
}

/** An excerpt marks its cuts with `...`; everything else must be whole JSON. */
const excerpt = (text: string | undefined) => text === undefined || text.includes('...')

describe('docs/api.md examples', () => {
  it('finds the examples, each tied to an endpoint or a named schema', () => {
    expect(examples.length).toBeGreaterThan(25)
    const untied = examples.filter((e) => !(e.schema ? NAMED[e.schema] : e.method && e.path))
    expect(untied.map((e) => e.at)).toEqual([])
    const unknown = examples.filter((e) => !e.schema && !routeOf(e.method!, e.path!))
    expect(unknown.map((e) => `${e.at} ${e.method} ${e.path}`)).toEqual([])
  })

  it('writes every answer as whole JSON or as an excerpt marked with ...', () => {
    const broken = examples.filter((e) => !excerpt(e.body) && !parses(e.body))
    expect(broken.map((e) => `${e.at}: ${e.body}`)).toEqual([])
  })

  it.each(examples.filter((e) => !excerpt(e.body)).map((e) => [label(e), e] as const))(
    '%s matches the schema the server answers with',
    (_, example) => {
      const schema = example.schema
        ? NAMED[example.schema]!
        : answerSchema(routeOf(example.method!, example.path!)!, example.status!)
      expect(schema, `no ${example.status} answer declared`).toBeDefined()
      expect(problems(schema!, JSON.parse(example.body!))).toEqual([])
    }
  )

  it.each(examples.filter((e) => e.requestBody).map((e) => [label(e), e] as const))(
    '%s: the server accepts the request body, or refuses it when the answer shown is a 400',
    (_, example) => {
      const route = routeOf(example.method!, example.path!)!
      const schema = route.request?.body?.content?.['application/json']?.schema
      expect(schema).toBeDefined()
      // A request whose documented answer is a 400 shows a body the server refuses.
      const refused = example.status === 400
      expect(schema!.safeParse(JSON.parse(example.requestBody!)).success).toBe(!refused)
    }
  )
})

function label(example: DocExample): string {
  const what = example.schema ?? `${example.method} ${example.path} ${example.status}`
  return `${example.at} ${what}`
}

describe('the node fields of docs/api.md', () => {
  it('describes every field of the node record in its table', () => {
    const table = markdown.slice(markdown.indexOf('Every field of a node record'))
    const rows = table.slice(0, table.indexOf('\n\n', table.indexOf('| Field |')))
    const described = new Set([...rows.matchAll(/`(\w+)`/g)].map((match) => match[1]))
    expect(Object.keys(Node.shape).filter((field) => !described.has(field))).toEqual([])
  })
})
