import { readdirSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../server/http/error-codes.js'
import { errorTable, withErrorTable } from '../../server/http/error-table.js'

const REPO = new URL('../../', import.meta.url)

/** The server's own sources, without the catalogue that names every code. */
function serverSources(): string {
  const files = execFileSync('git', ['ls-files', 'server/*.ts', 'server/*.tsx'], {
    cwd: REPO,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && file !== 'server/http/error-codes.ts')
  return files.map((file) => readFileSync(new URL(file, REPO), 'utf8')).join('\n')
}

describe('the error codes catalogue (server/http/error-codes.ts)', () => {
  it('is the errors table of docs/api.md (run npm run gen:errors after changing it)', () => {
    const page = readFileSync(new URL('docs/api.md', REPO), 'utf8')
    expect(page).toBe(withErrorTable(page))
    expect(errorTable()).toContain('| 413 | `payload_too_large` |')
  })

  it('is what every page of docs/ means when its prose names a status and a code', () => {
    const docs = readdirSync(new URL('docs/', REPO)).filter((file) => file.endsWith('.md'))
    const mentions = docs.flatMap((file) => {
      const text = readFileSync(new URL(`docs/${file}`, REPO), 'utf8')
      return [...text.matchAll(/\b([1-5]\d\d) `([a-z_]+)`/g)].map(([, status, code]) => ({
        file,
        status,
        code,
      }))
    })
    expect(mentions.length).toBeGreaterThan(10)
    const wrong = mentions.filter(
      ({ status, code }) => !(status! in ((ERROR_CODES as Record<string, object>)[code!] ?? {}))
    )
    expect(wrong).toEqual([])
  })

  it('lists only codes the server raises, so the documentation promises nothing that is gone', () => {
    const sources = serverSources()
    const unused = Object.keys(ERROR_CODES).filter((code) => !sources.includes(`'${code}'`))
    expect(unused).toEqual([])
  })
})
