/**
 * The PostgreSQL twin of every table, derived from the SQLite definitions so that the tables
 * are written once. drizzle-kit reads this file to generate `migrations-pg/`; at run time the
 * stores keep using the SQLite table objects on both databases (see client.ts), which works
 * because each column here stores exactly what its SQLite column encodes: text as text,
 * integers as integers, booleans as booleans, and timestamps as Unix milliseconds (bigint).
 */
import { getTableColumns } from 'drizzle-orm'
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core'
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as sqlite from './schema.js'

type AnyPgTable = PgTableWithColumns<any>

function pgColumn(column: SQLiteColumn): PgColumnBuilderBase {
  const builder = {
    SQLiteText: () => text(column.name),
    SQLiteInteger: () => integer(column.name),
    SQLiteBoolean: () => boolean(column.name),
    SQLiteTimestamp: () => bigint(column.name, { mode: 'number' }),
    // The custom columns (db/columns.ts), ipv4Number and bigCount, need more than int4.
    SQLiteCustomColumn: () => bigint(column.name, { mode: 'number' }),
  }[column.columnType]
  if (!builder) throw new Error(`no PostgreSQL type for ${column.name} (${column.columnType})`)
  let pg: any = builder()
  if (column.primary) pg = pg.primaryKey()
  if (column.notNull && !column.primary) pg = pg.notNull()
  if (column.hasDefault && column.default !== undefined) pg = pg.default(column.default)
  if (column.isUnique) pg = pg.unique(column.uniqueName)
  return pg
}

/** Translates one table; `converted` supplies the already translated targets of foreign keys. */
function pgTwin(table: SQLiteTable, converted: Map<SQLiteTable, AnyPgTable>): AnyPgTable {
  const config = getTableConfig(table)
  const keys = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][]
  const columns = Object.fromEntries(keys.map(([key, column]) => [key, pgColumn(column)]))
  const keyOf = new Map(keys.map(([key, column]) => [column, key]))
  return pgTable(config.name, columns, (pg) => {
    const twin = (column: SQLiteColumn) => (pg as Record<string, PgColumn>)[keyOf.get(column)!]!
    return [
      ...config.indexes.map(({ config: idx }) => {
        const on = (idx.unique ? uniqueIndex : index)(idx.name).on(
          ...(idx.columns.map((c) => twin(c as SQLiteColumn)) as [PgColumn, ...PgColumn[]])
        )
        return idx.where ? on.where(idx.where) : on
      }),
      ...config.primaryKeys.map((pk) =>
        primaryKey({ columns: pk.columns.map(twin) as [PgColumn, ...PgColumn[]] })
      ),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference()
        const target = converted.get(ref.foreignTable)!
        const targetKey = (column: SQLiteColumn) =>
          Object.entries(getTableColumns(ref.foreignTable)).find(([, c]) => c === column)![0]
        const built = foreignKey({
          columns: ref.columns.map(twin) as [PgColumn, ...PgColumn[]],
          foreignColumns: ref.foreignColumns.map((c) => target[targetKey(c)]) as [
            PgColumn,
            ...PgColumn[],
          ],
          name: fk.getName(),
        })
        return fk.onDelete ? built.onDelete(fk.onDelete) : built
      }),
    ]
  })
}

function convertAll(): Record<string, AnyPgTable> {
  const converted = new Map<SQLiteTable, AnyPgTable>()
  const result: Record<string, AnyPgTable> = {}
  const pending = Object.entries(sqlite).filter(([, value]) => isSqliteTable(value)) as [
    string,
    SQLiteTable,
  ][]
  // Foreign keys point at earlier tables: translate each once its targets are done.
  while (pending.length > 0) {
    const index = pending.findIndex(([, table]) =>
      getTableConfig(table).foreignKeys.every(
        (fk) => converted.has(fk.reference().foreignTable) || fk.reference().foreignTable === table
      )
    )
    const [name, table] = pending.splice(index, 1)[0]!
    const twin = pgTwin(table, converted)
    converted.set(table, twin)
    result[name] = twin
  }
  return result
}

function isSqliteTable(value: unknown): value is SQLiteTable {
  return typeof value === 'object' && value !== null && Symbol.for('drizzle:Name') in value
}

export const pgTables = convertAll()
export const {
  accounts,
  users,
  sessions,
  apiKeys,
  computeHosts,
  nodes,
  nodeUserData,
  publicIps,
  vpcs,
  idempotencyKeys,
  workers,
  events,
  eventSequences,
  webhooks,
  webhookDeliveries,
  webhookAttempts,
  sshKeys,
  labels,
  nodeSshKeys,
  credentials,
  firewalls,
  firewallTargets,
  installSettings,
  usageArchive,
  nodeMetrics,
  consoleTickets,
  consoleSessions,
  accountLimits,
} = pgTables
