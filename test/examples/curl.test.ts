import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { REPO, startServer } from '../helpers/server.js'

describe('examples/curl', () => {
  it('walks through the whole API, masks the key in its output and leaves nothing behind', async () => {
    const server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '1' } })
    try {
      const key = (await createTestKey(server.dataDir)).key
      const run = spawnSync('bash', ['examples/curl/walkthrough.sh'], {
        cwd: REPO,
        env: { ...process.env, NODEPLANE_ENDPOINT: server.url, NODEPLANE_API_KEY: key },
        encoding: 'utf8',
        timeout: 120_000,
      })
      expect(run.status, run.stderr).toBe(0)
      const output = run.stdout + run.stderr
      expect(output).toContain('"status": "running"')
      expect(output).toContain('"status":"attached"')
      expect(output).toContain('"code":"vpc_has_nodes"')
      expect(output).toContain('"fingerprint":"SHA256:ix9t2Zr1Y+Bw+du7OVZPg4nW8C/ZnrmjEpK9kFSAF4U"')
      // In-place changes keep the node: renamed, relabelled, keys rotated, password login off.
      expect(output).toContain('"name": "walkthrough-web"')
      expect(output).toContain('"tier": "api"')
      expect(output).toContain('"password_login": false')
      expect(output).toContain('"status": "skipped"')
      expect(output).toContain('"code":"ssh_key_in_use"')
      // The node is deleted by then, its VPC not yet.
      expect(output).toMatch(/"nodes": \{\s+"limit": 250,\s+"used": 0/)
      expect(output).toMatch(/"vpcs": \{\s+"limit": 256,\s+"used": 1/)
      expect(output).not.toContain(key)
      const client = api(server.url, key)
      expect((await client.get('/nodes')).body).toEqual([])
      expect((await client.get('/api/v1/networking')).body).toEqual([])
      expect((await client.get('/api/v1/ssh-keys')).body).toEqual([])
      const usage = await client.get('/api/v1/usage')
      expect(usage.body.nodes).toHaveLength(1)
    } finally {
      await server.stop()
    }
  })
})
