/**
 * `nodeplane backup` and `nodeplane restore`: a consistent copy of the database while the server
 * runs, and putting one back while it does not. SQLite copies with `VACUUM INTO` (one read
 * transaction: every row committed before it began, and writers go on meanwhile); PostgreSQL
 * with its own `pg_dump` and `pg_restore`. The copy holds no key: root passwords and other
 * secrets stay sealed in it, and open only with the install's secret key (docs/operations.md).
 * @module
 */
import { closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import type { Config } from '../config.js'
import { ConfigError } from '../config.js'
import { openDatabase } from '../db/client.js'
import { markRestored } from '../install-settings/restored.js'
import { pgTool, runPgTool } from './pg-tools.js'

export { pgTool } from './pg-tools.js'

/** What a finished backup or restore reports. */
export interface CopyReport {
  file: string
  bytes: number
  /** Rows per table of the copy (SQLite), to see at a glance that it holds what it should. */
  rows?: Record<string, number>
}

export async function backup(config: Config, out: string): Promise<CopyReport> {
  const file = resolve(out)
  if (!existsSync(dirname(file))) throw new ConfigError(`no directory ${dirname(file)}`)
  createPrivate(file)
  try {
    return await copyInto(config, file)
  } catch (err) {
    // A half-written copy would pass for a backup; only a whole one stays.
    rmSync(file, { force: true })
    throw err
  }
}

async function copyInto(config: Config, file: string): Promise<CopyReport> {
  if (config.databaseUrl) {
    const dump = pgTool('pg_dump', config.pgBinDir)
    await runPgTool(dump, config.databaseUrl, (url) => ['--format=custom', `--file=${file}`, url])
    return { file, bytes: statSync(file).size }
  }
  const db = new Database(sqliteFile(config), { readonly: true, fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    // Into the empty file made above (VACUUM INTO accepts one), so it keeps its mode.
    db.prepare('VACUUM INTO ?').run(file)
  } finally {
    db.close()
  }
  return { file, bytes: statSync(file).size, rows: checkedRows(file) }
}

/**
 * Creates `file` empty and readable by its owner alone, before any row is in it: the copy holds
 * key hashes and sealed root passwords, and a chmod after writing leaves a window in which
 * other local users can open it. `wx` also refuses a file that exists.
 */
function createPrivate(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      throw new ConfigError(`${file} exists; give a new file name`)
    throw err
  }
}

/**
 * Puts a backup in place of the database, migrated to this release, and marks it restored: the
 * engine may hold machines of nodes made after the backup, which starts then keep and list
 * (install-settings/restored.ts) until `nodeplane cleanup --unowned`.
 */
export async function restore(config: Config, from: string): Promise<CopyReport> {
  const report = await putInPlace(config, from)
  const opened = await openDatabase(config)
  try {
    await markRestored(opened.db, new Date())
  } finally {
    await opened.close()
  }
  return report
}

async function putInPlace(config: Config, from: string): Promise<CopyReport> {
  const file = resolve(from)
  if (!existsSync(file)) throw new ConfigError(`no file ${file}`)
  await refuseWhileServing(config)
  if (config.databaseUrl) {
    const args = ['--clean', '--if-exists', '--no-owner', '--single-transaction']
    const restoreTool = pgTool('pg_restore', config.pgBinDir)
    await runPgTool(restoreTool, config.databaseUrl, (url) => [...args, `--dbname=${url}`, file])
    return { file, bytes: statSync(file).size }
  }
  const rows = checkedRows(file)
  const target = join(config.dataDir, 'nodeplane.db')
  // The database it replaces is kept beside it, never deleted: a restore can be undone.
  const kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
  if (existsSync(target)) renameSync(target, kept)
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true })
  createPrivate(target) // it holds sealed root passwords and key hashes
  const db = new Database(file, { readonly: true })
  try {
    db.prepare('VACUUM INTO ?').run(target)
  } finally {
    db.close()
  }
  return { file: target, bytes: statSync(target).size, rows }
}

/** The SQLite database of the data directory; an error that says so when there is none. */
function sqliteFile(config: Config): string {
  const file = join(config.dataDir, 'nodeplane.db')
  if (!existsSync(file)) throw new ConfigError(`no database in ${config.dataDir}`)
  return file
}

/** Opens a copy, checks it whole (`PRAGMA integrity_check`), and counts its rows per table. */
function checkedRows(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const check = db.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new ConfigError(`${file} is damaged: ${String(check)}`)
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[]
    const count = (table: string) =>
      db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number
    return Object.fromEntries(tables.map((table) => [table, count(table)]))
  } catch (err) {
    if (err instanceof ConfigError) throw err
    throw new ConfigError(`${file} is not a nodeplane SQLite backup: ${(err as Error).message}`)
  } finally {
    db.close()
  }
}

/**
 * Refuses when a server is using the database: its worker's heartbeat is recent. A server that
 * stops in order removes its worker; one that was killed is taken for stopped once its
 * heartbeat is as old as replicas take a worker for dead.
 */
async function refuseWhileServing(config: Config): Promise<void> {
  const since = Date.now() - config.workerStaleSeconds * 1000
  const last = config.databaseUrl
    ? await lastHeartbeatPg(config.databaseUrl)
    : lastHeartbeatSqlite(join(config.dataDir, 'nodeplane.db'))
  if (last !== undefined && last >= since)
    throw new ConfigError(
      'a nodeplane server is running on this database; stop it first (a server that was ' +
        `killed counts as stopped ${config.workerStaleSeconds} s after its last heartbeat)`
    )
}

function lastHeartbeatSqlite(file: string): number | undefined {
  if (!existsSync(file)) return undefined
  const db = new Database(file, { readonly: true })
  try {
    db.pragma('busy_timeout = 5000')
    const value = db.prepare('SELECT max(heartbeat_at) FROM workers').pluck().get()
    return typeof value === 'number' ? value : undefined
  } catch {
    return undefined // not a nodeplane database yet: nothing serves it
  } finally {
    db.close()
  }
}

async function lastHeartbeatPg(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ last: string | null }>(
      "SELECT max(heartbeat_at)::text AS last FROM workers WHERE to_regclass('workers') IS NOT NULL"
    )
    const last = result.rows[0]?.last
    return last == null ? undefined : Number(last)
  } catch {
    return undefined
  } finally {
    await client.end()
  }
}
