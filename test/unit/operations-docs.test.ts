import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const REPO = new URL('../../', import.meta.url)
const docs = readFileSync(new URL('docs/operations.md', REPO), 'utf8')
const files = readdirSync(new URL('docs/operations/', REPO))

/** The fenced blocks of docs/operations.md, their text without the fences. */
const blocks = [...docs.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((match) => match[1]!)

describe('docs/operations.md and the files in docs/operations/', () => {
  it('links to every file', () => {
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) expect(docs, file).toContain(`](operations/${file})`)
  })

  it.each(['nodeplane.service', 'nodeplane-root.conf', 'nginx.conf'])(
    'shows %s as it is in the file',
    (file) => {
      const text = readFileSync(new URL(`docs/operations/${file}`, REPO), 'utf8')
      expect(blocks).toContain(text)
    }
  )
})
