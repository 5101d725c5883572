import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { bundleProvider, configuredWorkdir, removeTempDirs, ROOT, tofu } from '../helpers/tofu.js'

let server: TestServer
let key: string
let nodeId: string
let provider: { bin: string }

beforeAll(async () => {
  server = await startServer()
  key = (await createTestKey(server.dataDir)).key
  provider = { bin: (await bundleProvider()).bin }
  const client = api(server.url, key)
  nodeId = (await client.post('/nodes', { name: 'for-examples' })).body.id
  await eventually(async () =>
    (await client.get(`/nodes/${nodeId}`)).body.status === 'running' ? true : undefined
  )
  // What data-sources/nodeplane_firewall reads by name.
  await client.post('/api/v1/firewalls', { name: 'web' })
})
afterAll(async () => {
  await server?.stop()
  removeTempDirs()
})

/** The examples the registry pages show, by `<kind>/<type>/<file>`. */
const EXAMPLES = ['resources', 'data-sources'].flatMap((kind) =>
  readdirSync(join(ROOT, 'examples', kind)).flatMap((type) =>
    readdirSync(join(ROOT, 'examples', kind, type))
      .filter((file) => file.endsWith('.tf'))
      .map((file) => `${kind}/${type}/${file}`)
  )
)

describe('the registry pages’ examples plan against a real server', () => {
  it('has an example for every resource and data source', () => {
    expect(EXAMPLES).toEqual(
      expect.arrayContaining([
        'resources/nodeplane_node/resource.tf',
        'resources/nodeplane_public_ip/resource.tf',
        'resources/nodeplane_vpc/resource.tf',
        'resources/nodeplane_ssh_key/resource.tf',
        'data-sources/nodeplane_node/data-source.tf',
        'data-sources/nodeplane_compute_hosts/data-source.tf',
        'data-sources/nodeplane_nodes/data-source.tf',
        'data-sources/nodeplane_firewall/data-source.tf',
        'resources/nodeplane_firewall/resource.tf',
      ])
    )
  })

  for (const example of EXAMPLES) {
    it(example, async () => {
      const text = readFileSync(join(ROOT, 'examples', example), 'utf8')
      const w = configuredWorkdir(text, provider, { endpoint: server.url, api_key: key })
      const vars = text.includes('variable "node_id"') ? [`-var=node_id=${nodeId}`] : []
      const plan = await tofu(w, ['plan', '-input=false', ...vars, '-detailed-exitcode'])
      // 2: a valid plan with changes; 0: nothing to change (a data source only).
      expect([0, 2], plan.stderr).toContain(plan.code)
    })
  }
})
