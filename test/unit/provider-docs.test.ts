import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { renderAll, ROOT } from '../../provider/docs/render.js'

describe('registry docs (docs/resources, docs/data-sources)', () => {
  const pages = renderAll()

  it('match the provider schema and the examples: run `npm run gen:provider-docs` after changing either', () => {
    for (const [path, text] of pages)
      expect(readFileSync(join(ROOT, path), 'utf8'), path).toBe(text)
  })

  it('have a page for every type and no page for a type that is gone', () => {
    const onDisk = ['resources', 'data-sources'].flatMap((kind) =>
      readdirSync(join(ROOT, 'docs', kind)).map((f) => `docs/${kind}/${f}`)
    )
    expect(onDisk.sort()).toEqual([...pages.keys()].sort())
    expect([...pages.keys()]).toEqual(
      expect.arrayContaining(['docs/resources/node.md', 'docs/data-sources/compute_hosts.md'])
    )
  })

  it('describe every attribute, with an example and, for resources, an import command', () => {
    for (const [path, text] of pages) {
      expect(text, path).toContain('## Example Usage')
      // Attributes carry descriptions; the fields of an object type (a host in a list) cannot.
      const attributes = text.slice(
        text.indexOf('## Schema'),
        text.indexOf('<a id=') > 0 ? text.indexOf('<a id=') : undefined
      )
      expect(attributes, path).not.toMatch(/^- `\w+` \([^)]*\)\s*$/m)
      if (path.startsWith('docs/resources/'))
        expect(text, path).toMatch(/## Import[\s\S]*terraform import nodeplane_/)
    }
  })
})
