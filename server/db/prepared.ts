import { getTableColumns, sql, type Table } from 'drizzle-orm'
import type { Db } from './client.js'
import { pgClientOf, type PgClientHolder } from './pg-statement.js'
import { connectionOf, dialectOf, rootOf, type Tx } from './transaction.js'

/** What both drivers' prepared queries offer: run with the placeholder values, get the rows. */
interface Prepared<Row> {
  execute(values: Record<string, unknown>): PromiseLike<Row[]>
}

/**
 * Memoizes a prepared drizzle query per database. Hot queries (key lookup, one node, every
 * statement of a node creation) otherwise rebuild their SQL on every run, which cost more
 * than running them. `name` names the statement on PostgreSQL, which parses and plans it
 * once per pooled connection; SQLite ignores it.
 *
 * On SQLite a statement belongs to a connection: transactions share the writing connection's,
 * reads outside one the reading connection's. On PostgreSQL a transaction is a new handle on
 * a pooled connection each time, so the query is built once on the database and each
 * transaction runs it on its own connection.
 */
export function preparedPerDb<Row>(
  name: string,
  build: (db: Db) => { prepare(): { all(values: Record<string, unknown>): Row[] } }
): (db: Db, values: Record<string, unknown>) => Promise<Row[]> {
  const cache = new WeakMap<Db, Prepared<Row>>()
  const preparedOn = (db: Db) => {
    let query = cache.get(db)
    if (query === undefined) {
      // SQLite's typed `prepare()` takes no name; PostgreSQL's needs one, and SQLite ignores it.
      query = (build(db) as unknown as { prepare(name: string): Prepared<Row> }).prepare(name)
      cache.set(db, query)
    }
    return query
  }
  return async (handle, values) => {
    if (dialectOf(handle) === 'sqlite') return preparedOn(connectionOf(handle)).execute(values)
    const root = rootOf(handle as Tx)
    const query = preparedOn(root)
    return handle === root ? query.execute(values) : onConnectionOf(handle, query).execute(values)
  }
}

/** The query `prepared` run on the connection of the PostgreSQL transaction `tx`. */
function onConnectionOf<Row>(tx: Db, prepared: Prepared<Row>): Prepared<Row> {
  if (!('client' in (prepared as PgClientHolder))) {
    throw new Error('drizzle no longer keeps the pg client on its prepared queries')
  }
  return Object.create(prepared, { client: { value: pgClientOf(tx) } }) as Prepared<Row>
}

/**
 * The values of an insert prepared once (preparedPerDb): a placeholder per column, named after
 * it, so each run binds a row's values by those names. Placeholders in an insert reach the
 * columns' encoders (a Date becomes a timestamp column's milliseconds); a timestamp column's
 * encoder cannot take null, so such columns need a value.
 */
export function placeholderRow<Row>(columns: readonly (keyof Row & string)[]): Row {
  return Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])) as Row
}

/** placeholderRow of every column of `table`: for an insert that sets them all. */
export function placeholderRowOf<T extends Table>(table: T): T['$inferInsert'] {
  return placeholderRow(Object.keys(getTableColumns(table)) as (keyof T['$inferInsert'] & string)[])
}

/** The first row of a query (give selects `.limit(1)`), or undefined. */
export async function first<Row>(query: PromiseLike<Row[]>): Promise<Row | undefined> {
  return (await query)[0]
}
