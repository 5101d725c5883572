/**
 * SQLite's group commit: the writers of one turn of the event loop share one transaction on the
 * writing connection, each in a savepoint of it, committed together at the end of the turn
 * (`transaction()` in transaction.ts explains why). Here: the per-database state, the shared
 * batch, undoing one writer's savepoint, and waiting for the writes in flight.
 * @module
 */
import type { Db } from './client.js'
import { keyedSerial } from '../lib/serial.js'

/** What an SQLite handle opened by openDatabase brings, and its writers' shared state. */
export interface SqliteState {
  dataVersion: () => number
  writer: Db
  control: SqliteControl
  /** Writers take turns on the writing connection. */
  queue: ReturnType<typeof keyedSerial>
  /** The shared transaction of this turn, until its commit starts. */
  batch?: Batch
}
const sqliteStates = new WeakMap<object, SqliteState>()

/** Registers an SQLite handle opened by openDatabase with its writing connection and control. */
export function registerSqlite(
  db: Db,
  sqlite: { dataVersion: () => number; writer: Db; control: SqliteControl }
): void {
  sqliteStates.set(db, { ...sqlite, queue: keyedSerial() })
}

/** The SQLite state of a handle opened by openDatabase; undefined on PostgreSQL. */
export function sqliteStateOf(db: Db): SqliteState | undefined {
  return sqliteStates.get(db)
}

/** Transaction control on SQLite's writing connection; the savepoint is named `work`. */
export interface SqliteControl {
  begin(): void
  savepoint(): void
  release(): void
  rollbackToSavepoint(): void
  commit(): void
  rollback(): void
  inTransaction(): boolean
}

/**
 * The transaction writers of one turn share: begun by the first, committed by a task queued
 * behind them at the end of the turn (setImmediate). `done` settles with the commit.
 */
export interface Batch {
  done: Promise<void>
  /** Ends it as failed at once, its commit skipped: nothing of it was kept. */
  fail(err: Error): void
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)))

/**
 * Rolls a failed transaction back to its savepoint. On a full disk or an I/O error SQLite
 * rolls the whole shared transaction back itself: then the batch has failed, and so have the
 * transactions that already released into it.
 */
export function undo(control: SqliteControl, batch: Batch): void {
  try {
    if (control.inTransaction()) {
      control.rollbackToSavepoint()
      control.release()
      return
    }
    batch.fail(new Error('SQLite rolled the shared transaction back'))
  } catch (err) {
    if (control.inTransaction()) control.rollback()
    batch.fail(asError(err))
  }
}

export function openBatch(state: SqliteState): Batch {
  if (state.batch) return state.batch
  const { control, queue } = state
  control.begin()
  let settle!: (err?: Error) => void
  const done = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve())
  })
  // Awaited by the transactions of the batch; a batch that failed with none left awaiting it
  // must not be an unhandled rejection.
  done.catch(() => undefined)
  let ended = false
  const end = (err?: Error) => {
    if (ended) return
    ended = true
    if (state.batch === batch) state.batch = undefined
    settle(err)
  }
  const batch: Batch = { done, fail: end }
  state.batch = batch
  setImmediate(() => {
    void queue('write', async () => {
      if (ended) return
      try {
        control.commit()
        end()
      } catch (err) {
        if (control.inTransaction()) control.rollback()
        end(asError(err))
      }
    })
  })
  return batch
}

/** Waits until the writes in flight and their shared commit have ended: before closing. */
export async function settleWrites(db: Db): Promise<void> {
  const state = sqliteStates.get(db)
  if (!state) return
  await state.queue('write', async () => undefined)
  await state.batch?.done.catch(() => undefined)
}
