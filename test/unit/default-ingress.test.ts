import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import type { Db } from '../../server/db/client.js'
import { resolveDefaultIngress } from '../../server/install-settings/default-ingress.js'
import { REPO } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const MIGRATIONS = join(REPO, 'server/db/migrations')

/** The migrations folder as it was before `tag` (its journal cut there), in a temp dir. */
function migrationsBefore(tag: string): string {
  const dir = join(tempDir('np-migrations-'), 'migrations')
  cpSync(MIGRATIONS, dir, { recursive: true })
  const journalFile = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'))
  const cut = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag)
  journal.entries = journal.entries.slice(0, cut)
  writeFileSync(journalFile, JSON.stringify(journal))
  return dir
}

function database() {
  const sqlite = new Database(join(tempDir('np-ingress-'), 'nodeplane.db'))
  return { sqlite, db: drizzle(sqlite) }
}

const config = (env: Record<string, string> = {}) => loadConfig(env)

describe('the default ingress', () => {
  it('is open on a fresh install', async () => {
    const { sqlite, db } = database()
    migrate(db, { migrationsFolder: MIGRATIONS })
    expect(await resolveDefaultIngress(db as unknown as Db, config())).toBe('open')
    sqlite.close()
  })

  it('stays ssh-only on an install that had accounts before firewalls, unless the operator says', async () => {
    const { sqlite, db } = database()
    migrate(db, { migrationsFolder: migrationsBefore('0020_default_ingress') })
    sqlite.prepare("INSERT INTO accounts (id, name, created_at) VALUES ('acc_1', 'a', 0)").run()
    migrate(db, { migrationsFolder: MIGRATIONS })
    expect(await resolveDefaultIngress(db as unknown as Db, config())).toBe('ssh-only')
    const open = config({ NODEPLANE_DEFAULT_INGRESS: 'open' })
    expect(await resolveDefaultIngress(db as unknown as Db, open)).toBe('open')
    sqlite.close()
  })
})
