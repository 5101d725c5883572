import type { Database, Statement } from 'better-sqlite3'

/** Enough for every query shape the server builds; lists of varying length push out the oldest. */
const CAPACITY = 500

/**
 * Makes `sqlite.prepare` reuse statements by SQL text. drizzle prepares every query it runs
 * that is not explicitly prepared, and compiling the SQL cost more than running it on the
 * POST /nodes path (a CPU profile put 10% of the server's time in `prepare`); the text of a
 * query shape is the same each time because values are bound as parameters.
 */
export function cacheStatements(sqlite: Database): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const cache = new Map<string, Statement>()
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source)
    if (statement) {
      cache.delete(source) // re-inserted below: a Map keeps insertion order, so this is an LRU
    } else {
      statement = prepare(source)
      if (cache.size >= CAPACITY) cache.delete(cache.keys().next().value!)
    }
    cache.set(source, statement)
    // Callers switch a statement's row shape (drizzle's `raw()`, a `pluck()`): hand it out plain.
    if (statement.reader) statement.pluck(false).expand(false).raw(false)
    return statement
  }) as Database['prepare']
}
