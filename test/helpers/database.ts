import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, type OpenDatabase } from '../../server/db/client.js'

/**
 * The PostgreSQL run: test/run-all.sh starts a PostgreSQL server and runs the server and
 * dashboard suites again with its admin URL here. Every data directory then gets a database
 * of its own, so tests stay as isolated as with one SQLite file each.
 */
const ADMIN_URL = process.env.NODEPLANE_TEST_POSTGRES_URL

export const testDialect: 'sqlite' | 'postgres' = ADMIN_URL ? 'postgres' : 'sqlite'

const digest = (dataDir: string) => createHash('sha256').update(dataDir).digest()
const databaseName = (dataDir: string) => `np_${digest(dataDir).toString('hex').slice(0, 20)}`
const created = new Set<string>()

/** The URL of database `name` on the server `serverUrl` points at. */
export function urlOfDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const databaseUrl = (dataDir: string) => urlOfDatabase(ADMIN_URL!, databaseName(dataDir))

/**
 * Runs one statement over a connection of its own. bigint columns read as numbers, as the
 * server reads them: importing server/db/client.ts set the driver's parser.
 */
export async function pgQuery<Row = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = []
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text, params)).rows as Row[]
  } finally {
    await client.end()
  }
}

async function ensureDatabase(dataDir: string): Promise<void> {
  const name = databaseName(dataDir)
  if (created.has(name)) return
  const exists = await pgQuery(ADMIN_URL!, 'SELECT 1 FROM pg_database WHERE datname = $1', [name])
  if (exists.length === 0) await pgQuery(ADMIN_URL!, `CREATE DATABASE ${name}`)
  created.add(name)
}

/**
 * What a server or CLI run on `dataDir` needs to use its database: nothing on SQLite; on
 * PostgreSQL, `DATABASE_URL` and the replicas' shared `NODEPLANE_SECRET_KEY` (both derived
 * from the directory, so a restart on it finds the same data).
 */
export async function databaseEnv(dataDir: string): Promise<Record<string, string>> {
  if (!ADMIN_URL) return {}
  await ensureDatabase(dataDir)
  return {
    DATABASE_URL: databaseUrl(dataDir),
    NODEPLANE_SECRET_KEY: digest(`${dataDir}#key`).toString('base64'),
  }
}

/** Opens the database a server on `dataDir` uses, through the server's own code. */
export async function openTestDatabase(dataDir: string): Promise<OpenDatabase> {
  const env = await databaseEnv(dataDir)
  return openDatabase({ dataDir, databaseUrl: env.DATABASE_URL })
}

/** Runs raw SQL against a server's database (for invariants and for ageing rows by hand). */
export async function sqlQuery<Row = Record<string, unknown>>(
  dataDir: string,
  text: string,
  params: unknown[] = []
): Promise<Row[]> {
  if (!ADMIN_URL) {
    const db = new Database(join(dataDir, 'nodeplane.db'))
    try {
      const statement = db.prepare(text.replace(/\$\d+/g, '?'))
      return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), [])
    } finally {
      db.close()
    }
  }
  return pgQuery<Row>(databaseUrl(dataDir), text, params)
}

/** Asks one question of a server's database again and again, as fast as the database answers. */
export interface Watcher {
  exists(text: string, params: unknown[]): boolean | Promise<boolean>
  close(): Promise<void>
}

/**
 * A watcher on a server's database. On SQLite it reads the file synchronously, so a loop over
 * it never yields: it sees a commit within microseconds. On PostgreSQL one connection is kept.
 */
export async function openWatcher(dataDir: string): Promise<Watcher> {
  if (!ADMIN_URL) {
    const db = new Database(join(dataDir, 'nodeplane.db'), { readonly: true })
    return {
      exists: (text, params) =>
        db.prepare(text.replace(/\$\d+/g, '?')).get(...params) !== undefined,
      close: async () => void db.close(),
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl(dataDir) })
  await client.connect()
  return {
    exists: async (text, params) => (await client.query(text, params)).rows.length > 0,
    close: () => client.end(),
  }
}
