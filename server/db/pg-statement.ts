import type { Db } from './client.js'

/** drizzle's node-postgres handles and prepared queries hold the pg client they run on. */
export interface PgClientHolder {
  session?: { client?: unknown }
  client?: unknown
}

/** The pg client (a pooled connection, or the pool) a PostgreSQL handle runs on. */
export function pgClientOf(handle: Db): PgQueryable {
  const client = (handle as unknown as PgClientHolder).session?.client
  if (client === undefined) throw new Error('drizzle no longer keeps the pg client on its session')
  return client as PgQueryable
}

interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>
}

/**
 * A hand-written PostgreSQL statement, parsed and planned once per pooled connection: for the
 * few hot paths where one statement (a data-modifying WITH) does what drizzle would send as
 * several, each a round trip, and for statements drizzle has no builder for (an advisory
 * lock). Runs on the connection of `db` when it is a transaction.
 */
export function pgStatement<Row>(
  name: string,
  text: string
): (db: Db, values: unknown[]) => Promise<Row[]> {
  return async (db, values) => (await pgClientOf(db).query({ name, text, values })).rows as Row[]
}
