import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from './schema.js'

/** The typed drizzle handle every store receives. */
export type Db = BetterSQLite3Database<typeof schema>

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))

/** Opens (creating if needed) `<dataDir>/nodeplane.db` and brings its schema up to date. */
export function openDatabase(dataDir: string): { db: Db; close: () => void } {
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new Database(join(dataDir, 'nodeplane.db'))
  // WAL lets readers run beside the single writer; NORMAL sync is durable across process
  // crashes (only a power loss can drop the last transactions).
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  // The CLI may write while a server runs on the same file: wait for the lock, don't fail.
  sqlite.pragma('busy_timeout = 5000')
  const db = drizzle(sqlite, { schema })
  migrate(db, { migrationsFolder: MIGRATIONS })
  return { db, close: () => sqlite.close() }
}
