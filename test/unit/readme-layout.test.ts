import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const REPO = new URL('../../', import.meta.url)

describe("the README's Layout table", () => {
  const readme = readFileSync(new URL('README.md', REPO), 'utf8')
  const folders = readdirSync(new URL('server/', REPO), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `server/${entry.name}/`)
  const rows = [...readme.matchAll(/^\| `(server\/[^/`]+\/)` \|/gm)].map((match) => match[1])

  it('has a row for every folder of server/', () => {
    expect(folders.filter((folder) => !rows.includes(folder))).toEqual([])
  })

  it('has no row for a folder of server/ that is gone', () => {
    expect(rows.filter((row) => !folders.includes(row!))).toEqual([])
  })
})
