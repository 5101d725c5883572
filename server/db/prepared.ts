import type { Db } from './client.js'

/**
 * Memoizes a prepared drizzle query per database handle. Hot reads (key lookup, one node)
 * otherwise rebuild their SQL and re-prepare the statement on every request, which costs
 * more than running them.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>()
  return (db) => {
    let query = cache.get(db)
    if (query === undefined) {
      query = build(db)
      cache.set(db, query)
    }
    return query
  }
}
