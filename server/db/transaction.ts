import { sql, type SQL } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { Db, Dialect } from './client.js'
import { pgStatement } from './pg-statement.js'
import { openBatch, registerSqlite, sqliteStateOf, undo } from './sqlite-batch.js'

declare const inTransaction: unique symbol
/**
 * A handle inside `transaction()`. Store functions that write take a `Tx`, so every write
 * runs in a transaction: on SQLite that is what keeps one request's writes on the writing
 * connection, in turn with the others (they share it).
 */
export type Tx = Db & { readonly [inTransaction]: true }

const dialects = new WeakMap<object, Dialect>()
const transactions = new WeakSet<object>()
const roots = new WeakMap<object, Db>()
const commitCallbacks = new WeakMap<object, (() => void)[]>()
const preCommitWork = new WeakMap<object, (() => Promise<void>)[]>()
let writes = 0

/**
 * Registers a handle opened by openDatabase. An SQLite handle reads on its own connection and
 * brings the connection its transactions write on (`writer`), and PRAGMA data_version.
 */
export function markDialect(
  db: Db,
  dialect: Dialect,
  sqlite?: Parameters<typeof registerSqlite>[1]
): void {
  dialects.set(db, dialect)
  if (!sqlite) return
  registerSqlite(db, sqlite)
  dialects.set(sqlite.writer, dialect)
}

/** The handle a database's writes go through: SQLite's writing connection, else `db` itself. */
export function writerOf(db: Db): Db {
  return sqliteStateOf(db)?.writer ?? db
}

/**
 * The SQLite connection a handle runs its statements on: a transaction's is the writing
 * connection, any other handle's its own. Prepared statements belong to one connection.
 */
export function connectionOf(handle: Db): Db {
  return transactions.has(handle) ? (Object.getPrototypeOf(handle) as Db) : handle
}

/**
 * Changes whenever data may have changed under a reader: each write transaction of this
 * process ends (commit or rollback), and on SQLite each commit of another process on the file
 * (`complete`). On PostgreSQL other replicas commit unseen, so the marker is not complete.
 */
export function changeMarker(db: Db): { marker: string; complete: boolean } {
  const dataVersion = sqliteStateOf(db)?.dataVersion
  return dataVersion
    ? { marker: `${writes}:${dataVersion()}`, complete: true }
    : { marker: `${writes}`, complete: false }
}

export function dialectOf(db: Db): Dialect {
  const dialect = dialects.get(db)
  if (!dialect) throw new Error('database handle was not opened by openDatabase')
  return dialect
}

/** PostgreSQL errors after which running the whole transaction again can succeed. */
const RETRYABLE = new Set(['40001', '40P01', '23505'])
const ATTEMPTS = 5

/**
 * Runs `work` in one transaction and returns its result; a throw rolls everything back.
 * Nested calls given the `tx` join the outer transaction. Inside `work`, use only `tx`: a
 * transaction on the root handle would wait for this one to end (SQLite's queue) or run
 * beside it on another connection (PostgreSQL). On PostgreSQL a serialization failure, a
 * deadlock or a unique violation (two replicas racing for the same address or name) reruns
 * the whole transaction, whose checks then see the winner and answer as for any taken value.
 */
export async function transaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {}
): Promise<T> {
  if (transactions.has(db)) return work(db as Tx)
  try {
    if (dialectOf(db) === 'sqlite') return await sqliteTransaction(db, work)
    return await pgTransaction(
      db,
      options.flushedByNext ? async (tx) => (await skipFsync(tx), work(tx)) : work
    )
  } finally {
    writes++
  }
}

export interface TransactionOptions {
  /**
   * The commit need not wait for its own flush to disk (PostgreSQL's `synchronous_commit =
   * off`; SQLite's WAL commits never wait for one here). Only for a transaction whose loss in
   * a crash is harmless because anything that depends on it is written later: PostgreSQL's
   * log is sequential, so the next durable commit flushes this one too. A crash can lose it
   * only together with everything after it.
   */
  flushedByNext?: boolean
}

async function skipFsync(tx: Tx): Promise<void> {
  await execute(tx, sql`SET LOCAL synchronous_commit = off`)
}

/**
 * Runs `callback` once the transaction of `tx` has committed (never after a rollback, nor
 * for an attempt PostgreSQL reruns): for telling listeners about what is now visible.
 */
export function afterCommit(tx: Tx, callback: () => void): void {
  const callbacks = commitCallbacks.get(tx)
  if (!callbacks) throw new Error('afterCommit needs a handle from transaction()')
  callbacks.push(callback)
}

/**
 * Runs `work` in the transaction of `tx` once everything else in it has run, just before it
 * commits; a throw rolls the transaction back. For writes better sent together than one by
 * one (a transaction's events). In registration order.
 */
export function beforeCommit(tx: Tx, work: () => Promise<void>): void {
  const pending = preCommitWork.get(tx)
  if (!pending) throw new Error('beforeCommit needs a handle from transaction()')
  pending.push(work)
}

/** `work`, then what it left for just before the commit (beforeCommit). */
async function workThenPreCommit<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await work(tx)
  for (const pending of preCommitWork.get(tx)!) await pending()
  return result
}

/** The handle `transaction()` was called on, for a `tx` inside it. */
export function rootOf(tx: Tx): Db {
  return roots.get(tx) ?? tx
}

/** Enters `tx` into the bookkeeping of a transaction begun on `root`. */
function begin(tx: object, root: Db, dialect: Dialect): void {
  transactions.add(tx)
  dialects.set(tx, dialect)
  roots.set(tx, root)
  commitCallbacks.set(tx, [])
  preCommitWork.set(tx, [])
}

function committed(tx: object): void {
  for (const callback of commitCallbacks.get(tx) ?? []) callback()
}

async function pgTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let handle: object | undefined
    let result: T
    try {
      result = await db.transaction(async (tx) => {
        handle = tx
        begin(tx, db, 'postgres')
        return workThenPreCommit(tx as unknown as Tx, work)
      })
    } catch (err) {
      const code =
        (err as { cause?: { code?: string }; code?: string }).cause?.code ??
        (err as { code?: string }).code
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw err
      continue
    }
    committed(handle!)
    return result
  }
}

/**
 * better-sqlite3 runs a connection synchronously, and drizzle's own SQLite transactions
 * cannot await. Writers therefore take turns (a queue per database) on the writing
 * connection, each inside a savepoint of a transaction they share: the transactions that run
 * in one turn of the event loop commit together at its end (group commit). Under load that
 * writes each hot page (the tails of the nodes and events tables, their indexes) once per
 * turn instead of once per request, which was most of a node creation's cost. A transaction
 * resolves, and its afterCommit callbacks run, only once the shared commit succeeded; a
 * failing one rolls back to its savepoint alone. Readers use the other connection, so nothing
 * uncommitted is ever seen outside its transaction.
 */
async function sqliteTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const state = sqliteStateOf(db)!
  const { control, queue } = state
  const tx = Object.create(state.writer) as Tx
  const outcome = await queue('write', async () => {
    const batch = openBatch(state)
    begin(tx, db, 'sqlite')
    control.savepoint()
    try {
      const result = await workThenPreCommit(tx, work)
      control.release()
      return { ok: true as const, result, batch }
    } catch (error) {
      undo(control, batch)
      return { ok: false as const, error, batch }
    }
  })
  if (!outcome.ok) {
    // Refused only once the shared commit has settled: a refusal may rest on what the
    // transactions before this one wrote, which must not be answered unless committed.
    await outcome.batch.done.catch(() => undefined)
    throw outcome.error
  }
  await outcome.batch.done
  committed(tx)
  return outcome.result
}

/**
 * Serializes transactions that take the same `key` until they end: allocators (a public IP
 * pool, an account's VPC ranges) hold it while they pick the first free value. PostgreSQL
 * takes a transaction-scoped advisory lock; SQLite already runs one writer at a time.
 */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  if (dialectOf(tx) === 'sqlite') return
  await advisoryLock(tx, [key])
}

const advisoryLock = pgStatement(
  'advisory_xact_lock',
  'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))'
)

/** Runs a statement that returns nothing, on either database. */
export async function execute(db: Db, statement: SQL): Promise<void> {
  if (dialectOf(db) === 'sqlite') db.run(statement)
  else await (db as unknown as NodePgDatabase).execute(statement)
}

/**
 * On PostgreSQL, locks the rows a select returns until the transaction ends
 * (`FOR NO KEY UPDATE`): one statement that waits for, then re-reads, a row another
 * transaction is changing, where an advisory lock and a read after it take two. Rows of other
 * tables that reference it can still be inserted. SQLite's single writer needs no row locks.
 */
export function rowLocked<Query>(db: Db, query: Query): Query {
  if (dialectOf(db) === 'sqlite') return query
  // The SQLite-typed builder has no `.for()`; at run time it is PostgreSQL's, which has.
  return (query as unknown as { for(strength: 'no key update'): Query }).for('no key update')
}

/**
 * On PostgreSQL, locks the rows a select returns until the transaction ends and skips rows
 * that other transactions hold (`FOR UPDATE SKIP LOCKED`): the way concurrent claimers each
 * take a different row. SQLite's single writer needs no row locks.
 */
export function skipLocked<Query>(tx: Tx, query: Query): Query {
  if (dialectOf(tx) === 'sqlite') return query
  // The SQLite-typed builder has no `.for()`; at run time it is PostgreSQL's, which has.
  return (query as unknown as { for(strength: 'update', config: { skipLocked: true }): Query }).for(
    'update',
    {
      skipLocked: true,
    }
  )
}
