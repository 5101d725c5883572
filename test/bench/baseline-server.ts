/**
 * The baseline of the HTTP benchmarks: a bare Hono app on the same Node server adapter,
 * answering fixed JSON of the same shape as nodeplane's answers. Ratios against it show
 * what nodeplane's validation, auth, SQLite and logging cost on top of the framework.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'

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
const hosts = { hosts: Array.from({ length: 50 }, () => ({ id: node.host_id })), pagination: { total: 1 } }

const app = new Hono()
app.get('/nodes/:id', (c) => c.json(node))
app.get('/nodes', (c) => c.json(nodes))
app.post('/nodes', (c) => c.json(node, 201))
app.get('/api/v1/compute', (c) => c.json(hosts))

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${info.port}` }))
})
