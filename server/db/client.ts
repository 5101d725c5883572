import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { drizzle as drizzleSqlite, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator'
import { createPrivateFile, ensureDataDir } from '../lib/data-dir.js'
import * as schema from './schema.js'
import { cacheStatements } from './statement-cache.js'
import { settleWrites, type SqliteControl } from './sqlite-batch.js'
import { markDialect, writerOf } from './transaction.js'

/**
 * The typed drizzle handle every store receives. Stores are written once, against the SQLite
 * tables and query builder; on PostgreSQL the same calls run through the node-postgres driver
 * (see pg-schema.ts for why the tables fit). Stores therefore only `await` their queries and
 * never use the SQLite-only `.get()`, `.all()` or `.run()`.
 */
export type Db = BetterSQLite3Database<typeof schema>

export type Dialect = 'sqlite' | 'postgres'

export interface OpenDatabase {
  db: Db
  dialect: Dialect
  /** A plain function, so `const { close } = await openDatabase(…)` works. */
  close: () => Promise<void>
  /** The connections now: PostgreSQL's pool; SQLite's fixed pair (a reader and a writer). */
  poolUse?: () => PoolUse
}

/** How many connections a database handle holds, and how many requests wait for one. */
export interface PoolUse {
  max: number
  open: number
  idle?: number
  waiting?: number
}

const migrationsOf = (folder: string) => fileURLToPath(new URL(folder, import.meta.url))

export interface DatabaseOptions {
  dataDir: string
  databaseUrl?: string
  dbPoolSize?: number
}

/**
 * Opens the database `DATABASE_URL` names, else `<dataDir>/nodeplane.db`, migrates it, and
 * runs `initialize` (first-start seeding). On PostgreSQL both happen under a lock, so replicas
 * starting together migrate and seed once.
 */
export async function openDatabase(
  options: DatabaseOptions,
  initialize: (db: Db) => Promise<void> = async () => undefined
): Promise<OpenDatabase> {
  if (!options.databaseUrl) {
    const opened = openSqlite(options.dataDir)
    migrateSqlite(writerOf(opened.db), { migrationsFolder: migrationsOf('./migrations') })
    await initialize(opened.db)
    return opened
  }
  return openPostgres(options.databaseUrl, options.dbPoolSize ?? 10, initialize)
}

/**
 * A second connection to a database `openDatabase` has already migrated, with no migration and
 * no startup lock: for a worker thread that writes while the opener waits for it.
 */
export async function connectDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (!options.databaseUrl) return openSqlite(options.dataDir)
  const { db, pool } = await connectPostgres(options.databaseUrl, 1)
  return { db, dialect: 'postgres', close: () => pool.end() }
}

function openSqlite(dataDir: string): OpenDatabase {
  ensureDataDir(dataDir)
  const path = join(dataDir, 'nodeplane.db')
  if (!existsSync(path)) createPrivateFile(path)
  // Two connections: transactions write on one, everything else reads on the other, which
  // (WAL) sees only committed data, however long a write transaction stays open.
  const reader = connectSqlite(path)
  const writer = connectSqlite(path)
  const db = drizzleSqlite(reader, { schema })
  const dataVersion = reader.prepare('PRAGMA data_version').pluck()
  markDialect(db, 'sqlite', {
    dataVersion: () => dataVersion.get() as number,
    writer: drizzleSqlite(writer, { schema }),
    control: controlStatements(writer),
  })
  const close = async () => {
    await settleWrites(db)
    writer.close()
    reader.close()
  }
  return { db, dialect: 'sqlite', close, poolUse: () => ({ max: 2, open: 2 }) }
}

/** The statements that bracket transactions on the writing connection, prepared once. */
function controlStatements(sqlite: Database.Database): SqliteControl {
  const statement = (text: string) => {
    const prepared = sqlite.prepare(text)
    return () => void prepared.run()
  }
  return {
    begin: statement('BEGIN IMMEDIATE'),
    savepoint: statement('SAVEPOINT work'),
    release: statement('RELEASE work'),
    rollbackToSavepoint: statement('ROLLBACK TO work'),
    commit: statement('COMMIT'),
    rollback: statement('ROLLBACK'),
    inTransaction: () => sqlite.inTransaction,
  }
}

function connectSqlite(path: string): Database.Database {
  const sqlite = new Database(path)
  // WAL lets readers run beside the single writer; NORMAL sync is durable across process
  // crashes (only a power loss can drop the last transactions).
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  // The CLI may write while a server runs on the same file: wait for the lock, don't fail.
  sqlite.pragma('busy_timeout = 5000')
  cacheStatements(sqlite)
  return sqlite
}

/** Any constant names the lock; this one spells "nodeplane". */
const STARTUP_LOCK = 0x6e6f6465706c616e

/** The PostgreSQL driver and drizzle's side of it, loaded only by servers that use them. */
async function loadPostgres() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ])
  // int8 (bigint) columns hold Unix milliseconds and counts, all far below 2^53: read them as
  // numbers, as the SQLite columns read. Set on the driver's global parsers because drizzle
  // passes its own per-query parser table, which falls back to these.
  pg.types.setTypeParser(pg.types.builtins.INT8, Number)
  return { pg, drizzlePg: drizzle, migratePg: migrate }
}

async function connectPostgres(url: string, poolSize: number) {
  const { pg, drizzlePg, migratePg } = await loadPostgres()
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle connection the server dropped must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  const db = drizzlePg(pool, { schema }) as unknown as Db
  markDialect(db, 'postgres')
  return { db, pool, migratePg }
}

async function openPostgres(
  url: string,
  poolSize: number,
  initialize: (db: Db) => Promise<void>
): Promise<OpenDatabase> {
  const { db, pool, migratePg } = await connectPostgres(url, poolSize)
  const lock = await pool.connect()
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK])
    await migratePg(db as never, { migrationsFolder: migrationsOf('./migrations-pg') })
    await initialize(db)
    await lock.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK])
    lock.release()
  } catch (err) {
    // Released first: `end` waits for every checked-out client. The session's end frees the lock.
    lock.release(true)
    await pool.end()
    throw err
  }
  const poolUse = () => ({
    max: poolSize,
    open: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  })
  return { db, dialect: 'postgres', close: () => pool.end(), poolUse }
}
