/**
 * A full disk, as the databases and the file system report it, and the writes a read may skip
 * when it cannot make them.
 * @module
 */
import type { Logger } from 'pino'

/**
 * Whether `err` (or what it wraps) is the database or a file write finding no space: SQLite's
 * SQLITE_FULL, PostgreSQL's disk_full (53100), or ENOSPC. The transaction rolled back, so the
 * request changed nothing and a retry once space returns can succeed.
 */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true
  }
  return false
}

const LOG_EVERY_MS = 60_000
/** When each bookkeeping write last logged its failure; bounded by pruning at each log. */
const lastLogged = new Map<string, number>()

/**
 * Runs a write a read makes only for bookkeeping (a key's `last_used_at`, a session's
 * `last_seen_at`), so that its failure never fails the read: on a full disk reads must keep
 * working (docs/operations.md, "A full disk"). A failure is logged at most once a minute per
 * `what`, since every request with the same key would fail the same way.
 */
export async function bookkeepingWrite(
  log: Logger,
  what: { key: string; fields: Record<string, unknown> },
  write: () => Promise<unknown>
): Promise<void> {
  try {
    await write()
  } catch (err) {
    const now = Date.now()
    if (now - (lastLogged.get(what.key) ?? -Infinity) < LOG_EVERY_MS) return
    for (const [key, at] of lastLogged) if (now - at >= LOG_EVERY_MS) lastLogged.delete(key)
    lastLogged.set(what.key, now)
    const why = isStorageFull(err) ? 'the disk is full' : 'it failed'
    log.warn({ ...what.fields, err }, `a bookkeeping write was skipped: ${why}`)
  }
}
