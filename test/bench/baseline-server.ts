/**
 * The baselines of the HTTP benchmarks, on the same Node server adapter:
 * - a bare Hono app answering fixed JSON of the same shape as nodeplane's answers. Ratios
 *   against it show what nodeplane's validation, auth, SQLite and logging cost on top of the
 *   framework;
 * - with YARDSTICK_DB set to a nodeplane SQLite file, `GET /keyed/nodes/:id`: the least any
 *   authenticated read of a node must do, hand-written with better-sqlite3 (hash the key, look
 *   it up, read the node and its address) and no middleware. Ratios against it show what
 *   nodeplane's layers cost on top of the work itself;
 * - with YARDSTICK_DB (SQLite) or YARDSTICK_PG_URL (PostgreSQL), `POST /keyed/nodes`: the
 *   durable work of a node creation, hand-written (yardstick-create.ts), and `GET /keyed/nodes`:
 *   the account's nodes read and `JSON.stringify`'d (yardstick-list.ts).
 */
import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import Database from 'better-sqlite3'
import { Hono, type Context } from 'hono'
import pg from 'pg'
import { postgresList, sqliteList, type ListAnswer } from './yardstick-list.js'
import {
  postgresCreate,
  sqliteCreate,
  type CreateAnswer,
  type CreateRequest,
} from './yardstick-create.js'

const node = {
  id: 'node_3k7f2m9q4x8w1c5v6b0n',
  status: 'running',
  ip_address: '203.0.113.10',
  created_at: '2026-11-22T22:21:22.437Z',
  name: null,
  region: 'us-east-1',
  vpc_id: '02413000-bd58-4415-9bf0-3d986dd1bc5d',
  host_id: '41ec433d-74a7-4ba6-a607-64e20ad86a80',
  private_ip: '10.0.0.10',
  stuck: false,
}
const listSize = Number(process.env.BASELINE_LIST_SIZE ?? 1000)
const nodes = Array.from({ length: listSize }, () => node)
const hosts = {
  hosts: Array.from({ length: 50 }, () => ({ id: node.host_id })),
  pagination: { total: 1 },
}

const app = new Hono()
app.get('/nodes/:id', (c) => c.json(node))
app.get('/nodes', (c) => c.json(nodes))
app.post('/nodes', (c) => c.json(node, 201))
app.get('/api/v1/compute', (c) => c.json(hosts))

if (process.env.YARDSTICK_DB) {
  const db = new Database(process.env.YARDSTICK_DB, { fileMustExist: true })
  const keyByHash = db.prepare('SELECT account_id, revoked_at FROM api_keys WHERE secret_hash = ?')
  const nodeById = db.prepare(
    "SELECT * FROM nodes WHERE id = ? AND account_id = ? AND status <> 'deleted'"
  )
  const ipv4Of = db.prepare(
    'SELECT ip FROM public_ips WHERE node_id = ? AND version = 4 ORDER BY attached_at LIMIT 1'
  )
  app.get('/keyed/nodes/:id', (c) => {
    const secret = c.req.header('Authorization')?.replace(/^Bearer /, '') ?? ''
    const key = keyByHash.get(createHash('sha256').update(secret).digest('hex')) as
      { account_id: string; revoked_at: number | null } | undefined
    if (!key || key.revoked_at !== null) return c.json({ title: 'Unauthorized' }, 401)
    const row = nodeById.get(c.req.param('id'), key.account_id) as
      Record<string, unknown> | undefined
    if (!row) return c.json({ title: 'Not Found' }, 404)
    const ip = ipv4Of.get(row.id) as { ip: string } | undefined
    return c.json({ ...row, ip_address: ip?.ip ?? null })
  })
}

const createRequest = async (c: Context): Promise<CreateRequest> => ({
  authorization: c.req.header('Authorization'),
  idempotencyKey: c.req.header('Idempotency-Key') ?? '',
  body: await c.req.text(),
})
const answer = (c: Context, result: CreateAnswer) =>
  result.status === 201 ? c.json(result.node, 201) : c.json({ title: result.title }, result.status)

const listed = (c: Context, result: ListAnswer) =>
  c.body(result.body, result.status, { 'Content-Type': 'application/json' })

if (process.env.YARDSTICK_DB) {
  const db = new Database(process.env.YARDSTICK_DB, { fileMustExist: true })
  const create = sqliteCreate(db)
  const list = sqliteList(db)
  app.post('/keyed/nodes', async (c) => answer(c, create(await createRequest(c))))
  app.get('/keyed/nodes', (c) => listed(c, list(c.req.header('Authorization'))))
}
if (process.env.YARDSTICK_PG_URL) {
  const pool = new pg.Pool({ connectionString: process.env.YARDSTICK_PG_URL, max: 20 })
  const create = postgresCreate(pool)
  const list = postgresList(pool)
  app.post('/keyed/nodes', async (c) => answer(c, await create(await createRequest(c))))
  app.get('/keyed/nodes', async (c) => listed(c, await list(c.req.header('Authorization'))))
}

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${info.port}` }))
})
