import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import * as pgSchema from '../../server/db/pg-schema.js'
import { REPO } from '../helpers/server.js'

const run = promisify(execFile)

/**
 * Runs drizzle-kit generate over a copy of a migrations folder and returns the files it adds:
 * none when the committed migrations already build the tables the code defines.
 */
async function newMigrations(
  dialect: 'sqlite' | 'postgresql',
  schema: string,
  folder: string
): Promise<string[]> {
  // drizzle-kit resolves --out against the working directory, so the copy sits in the repo's ignored output.
  mkdirSync(join(REPO, 'test-output'), { recursive: true })
  const dir = mkdtempSync(join(REPO, 'test-output', 'drift-'))
  const copy = join(dir, folder)
  try {
    cpSync(join(REPO, 'server/db', folder), copy, { recursive: true })
    const before = readdirSync(copy)
    await run(
      'npx',
      [
        'drizzle-kit',
        'generate',
        '--dialect',
        dialect,
        '--schema',
        schema,
        '--out',
        `./${relative(REPO, copy)}`,
      ],
      { cwd: REPO }
    )
    return readdirSync(copy).filter((file) => !before.includes(file))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('database migrations', () => {
  it('SQLite migrations match the tables (run npm run gen:migrations after a table change)', async () => {
    expect(await newMigrations('sqlite', './server/db/schema.ts', 'migrations')).toEqual([])
  }, 60_000)

  it("exports every table's PostgreSQL twin by name, as drizzle-kit reads only named exports", () => {
    // A twin left out of pg-schema.ts's export list gets no PostgreSQL migration at all, and
    // the drift check below cannot see it.
    const exported = Object.keys(pgSchema)
    expect(Object.keys(pgSchema.pgTables).filter((name) => !exported.includes(name))).toEqual([])
  })

  it('PostgreSQL migrations match the same tables (run npm run gen:migrations)', async () => {
    expect(await newMigrations('postgresql', './server/db/pg-schema.ts', 'migrations-pg')).toEqual(
      []
    )
  }, 60_000)
})
