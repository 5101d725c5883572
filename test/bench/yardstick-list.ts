/**
 * The yardstick of `GET /nodes`: authenticate the key, read the account's live nodes and their
 * IPv4 addresses, shape them as the API does and `JSON.stringify` them, hand-written with
 * the database driver and no framework beyond the bare route.
 */
import { createHash } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type pg from 'pg'

type Row = Record<string, unknown> & { id: string; status: string; created_at: number }
export type ListAnswer = { status: 200; body: string } | { status: 401; body: string }

const hashOf = (authorization: string | undefined) =>
  createHash('sha256')
    .update(authorization?.replace(/^Bearer /i, '') ?? '')
    .digest('hex')

const KEY = 'SELECT account_id, revoked_at FROM api_keys WHERE secret_hash = $1'
const NODES =
  "SELECT * FROM nodes WHERE account_id = $1 AND status <> 'deleted' ORDER BY created_at, id"
const ADDRESSES =
  'SELECT node_id, ip FROM public_ips WHERE account_id = $1 AND version = 4 ORDER BY attached_at, network'
const UNAUTHORIZED: ListAnswer = { status: 401, body: '{"title":"Unauthorized"}' }

function serialise(rows: Row[], addresses: { node_id: string; ip: string }[]): string {
  const ipOf = new Map<string, string>()
  for (const a of addresses) if (!ipOf.has(a.node_id)) ipOf.set(a.node_id, a.ip.split('/')[0]!)
  return JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      status: row.status,
      ip_address: row.status === 'provisioning' ? null : (ipOf.get(row.id) ?? null),
      created_at: new Date(Number(row.created_at)).toISOString(),
      name: row.name,
      region: row.region,
      vpc_id: row.vpc_id,
      host_id: row.host_id,
      private_ip: row.private_ip,
      stuck: false,
    }))
  )
}

export function sqliteList(
  db: BetterSqlite3.Database
): (authorization: string | undefined) => ListAnswer {
  const sqlite = (text: string) => db.prepare(text.replace(/\$1/g, '?'))
  const [key, nodes, addresses] = [sqlite(KEY), sqlite(NODES), sqlite(ADDRESSES)]
  return (authorization) => {
    const found = key.get(hashOf(authorization)) as
      { account_id: string; revoked_at: number | null } | undefined
    if (!found || found.revoked_at !== null) return UNAUTHORIZED
    const body = serialise(
      nodes.all(found.account_id) as Row[],
      addresses.all(found.account_id) as { node_id: string; ip: string }[]
    )
    return { status: 200, body }
  }
}

export function postgresList(
  pool: pg.Pool
): (authorization: string | undefined) => Promise<ListAnswer> {
  return async (authorization) => {
    const found = (await pool.query(KEY, [hashOf(authorization)])).rows[0] as
      { account_id: string; revoked_at: number | null } | undefined
    if (!found || found.revoked_at !== null) return UNAUTHORIZED
    const [nodes, addresses] = await Promise.all([
      pool.query(NODES, [found.account_id]),
      pool.query(ADDRESSES, [found.account_id]),
    ])
    return {
      status: 200,
      body: serialise(nodes.rows as Row[], addresses.rows as { node_id: string; ip: string }[]),
    }
  }
}
