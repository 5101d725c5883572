import Database from 'better-sqlite3'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { databaseEnv, openTestDatabase, sqlQuery, testDialect } from '../helpers/database.js'
import { REPO, newDataDir } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const FOLDER = testDialect === 'sqlite' ? 'migrations' : 'migrations-pg'
const TAG = testDialect === 'sqlite' ? '0010_password_must_change' : '0004_password_must_change'

/** The migrations as they were before the column, for a database as an older release left it. */
function migrationsBefore(tag: string): string {
  const copy = join(tempDir('nodeplane-old-migrations-'), FOLDER)
  cpSync(join(REPO, 'server/db', FOLDER), copy, { recursive: true })
  const journalPath = join(copy, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'))
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag)
  expect(cut).toBeGreaterThan(0)
  journal.entries = journal.entries.slice(0, cut)
  writeFileSync(journalPath, JSON.stringify(journal))
  return copy
}

async function migrateOld(dataDir: string, folder: string): Promise<void> {
  if (testDialect === 'sqlite') {
    const sqlite = new Database(join(dataDir, 'nodeplane.db'))
    migrateSqlite(drizzleSqlite(sqlite), { migrationsFolder: folder })
    sqlite.close()
    return
  }
  const pool = new pg.Pool({ connectionString: (await databaseEnv(dataDir)).DATABASE_URL })
  await migratePg(drizzlePg(pool), { migrationsFolder: folder })
  await pool.end()
}

describe('upgrading an install from before one-time passwords', () => {
  it(`asks the existing admin to replace the password once, and no one else (${testDialect})`, async () => {
    const dataDir = newDataDir()
    await migrateOld(dataDir, migrationsBefore(TAG))
    await sqlQuery(
      dataDir,
      `INSERT INTO accounts (id, name, created_at) VALUES ('acct_a', 'a', 1), ('acct_b', 'b', 1)`
    )
    await sqlQuery(
      dataDir,
      `INSERT INTO users (id, account_id, email, password_hash, is_admin, created_at) VALUES
       ('user_admin', 'acct_a', 'admin@nodeplane.local', 'x', true, 1),
       ('user_other', 'acct_b', 'ops@example.com', 'x', false, 1)`
    )
    // The release with the column opens the same database, as a server start would.
    const { close } = await openTestDatabase(dataDir)
    await close()
    const rows = await sqlQuery<{ email: string; password_must_change: unknown }>(
      dataDir,
      'SELECT email, password_must_change FROM users ORDER BY email'
    )
    expect(rows.map((row) => [row.email, Boolean(row.password_must_change)])).toEqual([
      ['admin@nodeplane.local', true],
      ['ops@example.com', false],
    ])
  })
})
