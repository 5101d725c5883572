import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { tofu } from '../helpers/tofu.js'

const suite = providerSuite()
/** A working dir that reads one node by id and outputs every attribute. */
const readNode = (id: string) => suite.fixture('data-node', { id })

describe('data.nodeplane_node with real tofu', () => {
  it('reads every attribute of a node made elsewhere, as the API shows it', async () => {
    const client = api(suite.server.url, suite.key)
    const made = (await client.post('/nodes', { name: 'seen-by-data' })).body
    const node = await eventually(async () => {
      const res = await client.get(`/nodes/${made.id}`)
      return res.body.status === 'running' ? res.body : undefined
    })
    const w = readNode(node.id)
    const applied = await tofu(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.stderr).toBe(0)
    const read = JSON.parse((await tofu(w, ['output', '-json'])).stdout).node.value
    expect(read).toEqual({
      id: node.id,
      name: 'seen-by-data',
      region: node.region,
      vpc_id: node.vpc_id,
      host_id: node.host_id,
      status: 'running',
      ip_address: node.ip_address,
      private_ip: node.private_ip,
      created_at: node.created_at,
      labels: {},
      ssh_keys: [],
      password_login: true,
      reachable_at: node.reachable_at,
      user_data_status: null,
      power_state: 'on',
      size: node.size,
    })
  })

  it("fails with a clear error for an unknown id and for another account's node alike", async () => {
    await createTestUser(suite.server.dataDir, 'neighbour@example.com')
    const neighbour = api(
      suite.server.url,
      (await createTestKey(suite.server.dataDir, 'read_write', 'neighbour@example.com')).key
    )
    const theirs = (await neighbour.post('/nodes', { name: 'theirs' })).body
    for (const id of ['node_doesnotexist', theirs.id]) {
      const w = readNode(id)
      const planned = await tofu(w, ['plan', '-input=false', '-no-color'])
      expect(planned.code).toBe(1)
      expect(planned.stderr).toContain('Node not found')
      expect(planned.stderr).toContain(`No node ${id} on this account.`)
      // Nothing of the other account's node leaks into the error.
      expect(planned.stderr + planned.stdout).not.toContain('theirs')
    }
  })
})
