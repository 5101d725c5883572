/**
 * Renders Terraform Registry pages (the layout `tfplugindocs` writes) from the provider's own
 * schemas and the example files under examples/. Shared by `npm run gen:provider-docs` and the
 * drift test.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Attribute, Block, NestedBlock, Schema } from '../framework/schema.js'
import type { CtyType } from '../framework/values.js'
import { createProvider } from '../provider.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

type Kind = 'resources' | 'data-sources'
const KIND_TITLE: Record<Kind, string> = { resources: 'Resource', 'data-sources': 'Data Source' }
const EXAMPLE_FILE: Record<Kind, string> = {
  resources: 'resource.tf',
  'data-sources': 'data-source.tf',
}

/** A type as the registry names it: `String`, `List of Number`, `List of Object`. */
function typeName(type: CtyType): string {
  if (typeof type === 'string')
    return { string: 'String', number: 'Number', bool: 'Boolean', dynamic: 'Dynamic' }[type]
  const [kind, inner] = type
  if (kind === 'object') return 'Object'
  if (kind === 'tuple') return 'Tuple'
  return `${kind[0]!.toUpperCase()}${kind.slice(1)} of ${typeName(inner)}`
}

/** The object type an attribute's elements have, for a nested schema section. */
function objectOf(type: CtyType): Record<string, CtyType> | undefined {
  if (typeof type === 'string') return undefined
  if (type[0] === 'object') return type[1]
  if (type[0] === 'list' || type[0] === 'set' || type[0] === 'map') return objectOf(type[1])
  return undefined
}

const anchor = (path: string[]) => `nestedatt--${path.join('--')}`
const blockAnchor = (path: string[]) => `nestedblock--${path.join('--')}`

interface Section {
  lines: string[]
  nested: string[]
}

function attributeLine(
  name: string,
  a: Attribute,
  path: string[],
  owner: string,
  out: Section
): string {
  if (!a.options.description)
    throw new Error(`${owner}: attribute ${[...path, name].join('.')} has no description`)
  const object = objectOf(a.type)
  // The registry's markers after the type, as tfplugindocs writes them.
  const marks = `${a.options.sensitive ? ', Sensitive' : ''}${a.options.deprecated ? ', Deprecated' : ''}`
  let line = `- \`${name}\` (${typeName(a.type)}${marks}) ${a.options.description}`
  if (object) {
    line += ` (see [below for nested schema](#${anchor([...path, name])}))`
    out.nested.push(objectSection([...path, name], object))
  }
  return line
}

function objectSection(path: string[], object: Record<string, CtyType>): string {
  const lines = Object.entries(object).map(([name, type]) => `- \`${name}\` (${typeName(type)})`)
  return [
    `<a id="${anchor(path)}"></a>`,
    `### Nested Schema for \`${path.join('.')}\``,
    '',
    'Read-Only:',
    '',
    ...lines,
  ].join('\n')
}

function blockSection(path: string[], nested: NestedBlock, owner: string, out: Section): string {
  const inner = groups(nested.block, path, owner, out, 'nested')
  while (inner.at(-1) === '') inner.pop()
  return [
    `<a id="${blockAnchor(path)}"></a>`,
    `### Nested Schema for \`${path.join('.')}\``,
    '',
    ...inner,
  ].join('\n')
}

/** Required, Optional and Read-Only lists of a block, the registry's three groups. */
function groups(
  block: Block,
  path: string[],
  owner: string,
  out: Section,
  level: 'top' | 'nested'
): string[] {
  const required: string[] = []
  const optional: string[] = []
  const readOnly: string[] = []
  for (const [name, a] of Object.entries(block.attributes).sort(([x], [y]) => x.localeCompare(y))) {
    const line = attributeLine(name, a, path, owner, out)
    if (a.options.required) required.push(line)
    else if (a.options.optional) optional.push(line)
    else readOnly.push(line)
  }
  for (const [name, b] of Object.entries(block.blocks).sort(([x], [y]) => x.localeCompare(y))) {
    optional.push(
      `- \`${name}\` (Block, Optional) (see [below for nested schema](#${blockAnchor([...path, name])}))`
    )
    out.nested.push(blockSection([...path, name], b, owner, out))
  }
  const heading = (title: string) => (level === 'top' ? `### ${title}` : `${title}:`)
  const result: string[] = []
  for (const [title, lines] of [
    ['Required', required],
    ['Optional', optional],
    ['Read-Only', readOnly],
  ] as const) {
    if (lines.length > 0) result.push(heading(title), '', ...lines, '')
  }
  return result
}

function example(kind: Kind, typeName: string, file: string): string | undefined {
  const path = join(ROOT, 'examples', kind, typeName, file)
  return existsSync(path) ? readFileSync(path, 'utf8').trimEnd() : undefined
}

/** One registry page for a resource or data source. */
export function renderPage(kind: Kind, typeName: string, schema: Schema): string {
  if (!schema.description) throw new Error(`${typeName}: the schema has no description`)
  const usage = example(kind, typeName, EXAMPLE_FILE[kind])
  if (!usage)
    throw new Error(`${typeName}: examples/${kind}/${typeName}/${EXAMPLE_FILE[kind]} is missing`)
  const section: Section = { lines: [], nested: [] }
  const schemaLines = groups(schema, [], typeName, section, 'top')
  const page = [
    '---',
    `page_title: "${typeName} ${KIND_TITLE[kind]} - nodeplane"`,
    'subcategory: ""',
    'description: |-',
    `  ${schema.description}`,
    '---',
    '',
    `# ${typeName} (${KIND_TITLE[kind]})`,
    '',
    schema.description,
    '',
    '## Example Usage',
    '',
    '```terraform',
    usage,
    '```',
    '',
    '<!-- schema generated by npm run gen:provider-docs from the provider schema -->',
    '## Schema',
    '',
    ...schemaLines,
    ...section.nested.flatMap((nested) => [nested, '']),
  ]
  const importing = kind === 'resources' ? example(kind, typeName, 'import.sh') : undefined
  if (importing)
    page.push(
      '## Import',
      '',
      'Import is supported using the following syntax:',
      '',
      '```shell',
      importing,
      '```',
      ''
    )
  return `${page.join('\n').trimEnd()}\n`
}

/** Every page: `docs/resources/<name>.md` and `docs/data-sources/<name>.md`, by path. */
export function renderAll(): Map<string, string> {
  const provider = createProvider()
  const pages = new Map<string, string>()
  const short = (typeName: string) => typeName.replace(/^nodeplane_/, '')
  for (const r of provider.resources)
    pages.set(
      `docs/resources/${short(r.typeName)}.md`,
      renderPage('resources', r.typeName, r.schema)
    )
  for (const d of provider.dataSources)
    pages.set(
      `docs/data-sources/${short(d.typeName)}.md`,
      renderPage('data-sources', d.typeName, d.schema)
    )
  return pages
}
