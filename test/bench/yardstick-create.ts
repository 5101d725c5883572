/**
 * The yardstick of `POST /nodes`: the same durable work, hand-written, with no HTTP framework
 * around it beyond the bare route. Authenticate the key (hash and look it up), then in one
 * transaction reserve the cheapest active host of the region, allocate the next private
 * address of the account's default VPC from its index, and insert the node and the
 * idempotency record. What it leaves out, nodeplane does on top: the event of the creation
 * and the provisioning worker's own transactions (public address, `running`).
 */
import { createHash, randomBytes } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type pg from 'pg'

export interface CreateRequest {
  authorization: string | undefined
  idempotencyKey: string
  body: string
}

/** 201 and the node, or a status and a reason the bench reports as a non-2xx answer. */
export type CreateAnswer =
  { status: 201; node: Record<string, unknown> } | { status: 401 | 503; title: string }

const hashOf = (authorization: string | undefined) =>
  createHash('sha256')
    .update(authorization?.replace(/^Bearer /i, '') ?? '')
    .digest('hex')

const newId = () =>
  `node_${randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 20)}`

const ipv4 = (n: number) => `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`

/** The first usable address of a 10.N.0.0/16 VPC range, as nodeplane numbers them. */
const firstPrivate = (cidr: string) => {
  const [a, b] = cidr.split('.').map(Number) as [number, number]
  return ((a << 24) >>> 0) + (b << 16) + 10
}

interface Placed {
  host: { id: string; region: string; hourly_price: number; currency: string }
  vpc: { id: string; cidr: string }
  top: number | undefined
}

function nodeRow(accountId: string, placed: Placed, now: number) {
  const value = placed.top === undefined ? firstPrivate(placed.vpc.cidr) : placed.top + 1
  return {
    id: newId(),
    account_id: accountId,
    region: placed.host.region,
    vpc_id: placed.vpc.id,
    host_id: placed.host.id,
    private_ip: ipv4(value),
    private_ip_value: value,
    hourly_price: placed.host.hourly_price,
    currency: placed.host.currency,
    created_at: now,
  }
}

const toWire = (row: ReturnType<typeof nodeRow>) => ({
  id: row.id,
  status: 'provisioning',
  ip_address: null,
  created_at: new Date(row.created_at).toISOString(),
  name: null,
  region: row.region,
  vpc_id: row.vpc_id,
  host_id: row.host_id,
  private_ip: row.private_ip,
  stuck: false,
})

const INSERT_NODE_COLUMNS =
  'id, account_id, region, vpc_id, host_id, private_ip, private_ip_value, status, hourly_price, currency, root_password, created_at'
const NO_HOST = { status: 503, title: 'capacity_unavailable' } as const
const UNAUTHORIZED = { status: 401, title: 'Unauthorized' } as const

/**
 * On SQLite, with better-sqlite3's synchronous transactions. The nodes it makes are `running`
 * with no worker, so the server beside it never tries to provision them.
 */
export function sqliteCreate(db: BetterSqlite3.Database): (request: CreateRequest) => CreateAnswer {
  db.pragma('busy_timeout = 5000')
  const keyByHash = db.prepare('SELECT account_id, revoked_at FROM api_keys WHERE secret_hash = ?')
  const cheapest = db.prepare(
    "SELECT id, region, hourly_price, currency FROM compute_hosts WHERE region = ? AND status = 'active' ORDER BY hourly_price, id LIMIT 1"
  )
  const reserve = db.prepare(
    "UPDATE compute_hosts SET status = 'reserved' WHERE id = ? AND status = 'active'"
  )
  const defaultVpc = db.prepare(
    'SELECT id, cidr FROM vpcs WHERE account_id = ? AND region = ? AND is_default = 1 AND deleted_at IS NULL'
  )
  const topAddress = db.prepare(
    "SELECT private_ip_value FROM nodes WHERE vpc_id = ? AND status <> 'deleted' ORDER BY private_ip_value DESC LIMIT 1"
  )
  const insertNode = db.prepare(
    `INSERT INTO nodes (${INSERT_NODE_COLUMNS}) VALUES (@id, @account_id, @region, @vpc_id, @host_id, @private_ip, @private_ip_value, 'running', @hourly_price, @currency, 'yardstick', @created_at)`
  )
  const insertKey = db.prepare(
    "INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at, status, content_type, body) VALUES (?, ?, ?, ?, 201, 'application/json', ?)"
  )
  const create = db.transaction(
    (accountId: string, request: CreateRequest, region: string): CreateAnswer => {
      const host = cheapest.get(region) as Placed['host'] | undefined
      if (!host || reserve.run(host.id).changes !== 1) return NO_HOST
      const vpc = defaultVpc.get(accountId, host.region) as Placed['vpc']
      const top = (topAddress.get(vpc.id) as { private_ip_value: number } | undefined)
        ?.private_ip_value
      const row = nodeRow(accountId, { host, vpc, top }, Date.now())
      insertNode.run(row)
      const node = toWire(row)
      const fingerprint = createHash('sha256').update(`POST /nodes\n${request.body}`).digest('hex')
      insertKey.run(
        accountId,
        request.idempotencyKey,
        fingerprint,
        row.created_at,
        JSON.stringify(node)
      )
      return { status: 201, node }
    }
  )
  return (request) => {
    const key = keyByHash.get(hashOf(request.authorization)) as
      { account_id: string; revoked_at: number | null } | undefined
    if (!key || key.revoked_at !== null) return UNAUTHORIZED
    return create.immediate(
      key.account_id,
      request,
      (JSON.parse(request.body) as { region: string }).region
    )
  }
}

/**
 * On PostgreSQL, one pooled connection per request: the host row locked and skipped by other
 * transactions (`FOR UPDATE SKIP LOCKED`), the VPC's address range under the VPC's row lock,
 * as nodeplane's replicas do.
 */
export function postgresCreate(pool: pg.Pool): (request: CreateRequest) => Promise<CreateAnswer> {
  return async (request) => {
    const keys = await pool.query(
      'SELECT account_id, revoked_at FROM api_keys WHERE secret_hash = $1',
      [hashOf(request.authorization)]
    )
    const key = keys.rows[0] as { account_id: string; revoked_at: number | null } | undefined
    if (!key || key.revoked_at !== null) return UNAUTHORIZED
    const region = (JSON.parse(request.body) as { region: string }).region
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const answer = await pgTransaction(client, key.account_id, request, region)
      await client.query(answer.status === 201 ? 'COMMIT' : 'ROLLBACK')
      return answer
    } catch (err) {
      await client.query('ROLLBACK')
      throw err
    } finally {
      client.release()
    }
  }
}

async function pgTransaction(
  client: pg.PoolClient,
  accountId: string,
  request: CreateRequest,
  region: string
): Promise<CreateAnswer> {
  const hosts = await client.query(
    "SELECT id, region, hourly_price, currency FROM compute_hosts WHERE region = $1 AND status = 'active' ORDER BY hourly_price, id LIMIT 1 FOR UPDATE SKIP LOCKED",
    [region]
  )
  const host = hosts.rows[0] as Placed['host'] | undefined
  if (!host) return NO_HOST
  await client.query("UPDATE compute_hosts SET status = 'reserved' WHERE id = $1", [host.id])
  // The VPC's row lock orders address picks in it, as nodeplane's replicas take it.
  const vpcs = await client.query(
    'SELECT id, cidr FROM vpcs WHERE account_id = $1 AND region = $2 AND is_default AND deleted_at IS NULL FOR NO KEY UPDATE',
    [accountId, host.region]
  )
  const vpc = vpcs.rows[0] as Placed['vpc']
  const tops = await client.query(
    "SELECT private_ip_value FROM nodes WHERE vpc_id = $1 AND status <> 'deleted' ORDER BY private_ip_value DESC LIMIT 1",
    [vpc.id]
  )
  const top = tops.rows[0] ? Number(tops.rows[0].private_ip_value) : undefined
  const row = nodeRow(accountId, { host, vpc, top }, Date.now())
  await client.query(
    `INSERT INTO nodes (${INSERT_NODE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, 'running', $8, $9, 'yardstick', $10)`,
    [
      row.id,
      row.account_id,
      row.region,
      row.vpc_id,
      row.host_id,
      row.private_ip,
      row.private_ip_value,
      row.hourly_price,
      row.currency,
      row.created_at,
    ]
  )
  const node = toWire(row)
  const fingerprint = createHash('sha256').update(`POST /nodes\n${request.body}`).digest('hex')
  await client.query(
    "INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at, status, content_type, body) VALUES ($1, $2, $3, $4, 201, 'application/json', $5)",
    [accountId, request.idempotencyKey, fingerprint, row.created_at, JSON.stringify(node)]
  )
  return { status: 201, node }
}
