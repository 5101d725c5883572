import type { Db } from './client.js'
import { connectionOf, dialectOf } from './transaction.js'

/** What both drivers' prepared queries offer: run with the placeholder values, get the rows. */
interface Prepared<Row> {
  execute(values: Record<string, unknown>): PromiseLike<Row[]>
}

/**
 * Memoizes a prepared drizzle query per database handle. Hot reads (key lookup, one node)
 * otherwise rebuild their SQL and re-prepare the statement on every request, which costs
 * more than running them. `name` names the statement on PostgreSQL, which caches it on each
 * pooled connection; SQLite ignores it. On SQLite every transaction runs on the writing
 * connection, so they share its statements, and reads outside one share the reading
 * connection's; on PostgreSQL a transaction runs on a connection of its own and prepares there.
 */
export function preparedPerDb<Row>(
  name: string,
  build: (db: Db) => { prepare(): { all(values: Record<string, unknown>): Row[] } }
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const cache = new WeakMap<Db, Prepared<Row>>()
  return async (handle, values) => {
    const db = dialectOf(handle) === 'sqlite' ? connectionOf(handle) : handle
    let query = cache.get(db)
    if (query === undefined) {
      // SQLite's typed `prepare()` takes no name; PostgreSQL's needs one, and SQLite ignores it.
      query = (build(db) as unknown as { prepare(name: string): Prepared<Row> }).prepare(name)
      cache.set(db, query)
    }
    return query.execute(values)
  }
}

/** The first row of a query (give selects `.limit(1)`), or undefined. */
export async function first<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
  return (await query)[0]
}
