import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { ApiClient } from '../../provider/client/api.js'
import { api } from '../helpers/http.js'
import { setVariables, type Workdir } from '../helpers/tofu.js'

// Nodes take 2 s to tear down, so a destroy always finds the firewall still in use by a node
// being deleted (with an instant teardown the node may be gone before the firewall's turn).
const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1', NODEPLANE_TEARDOWN_SECONDS: '2' })
const { fixture, run } = suite
const client = () => api(suite.server.url, suite.key)
const apply = (w: Workdir) => run(w, ['apply', '-auto-approve', '-input=false'])
const plan = (w: Workdir) => run(w, ['plan', '-detailed-exitcode', '-input=false'])
const destroy = (w: Workdir) => run(w, ['destroy', '-auto-approve', '-input=false'])

const firewallNamed = async (name: string) =>
  (await client().get(`/api/v1/firewalls?name=${name}`)).body[0]

describe('nodeplane_firewall with real tofu', () => {
  it('creates a firewall with rules and a label selector, changes a rule in place, and destroys it with the nodes it selects', async () => {
    const w = fixture('firewall')
    const applied = await apply(w)
    expect(applied.code, applied.output).toBe(0)
    const fw = await firewallNamed('tf-web')
    const node = (await client().get('/nodes')).body.find(
      (n: { name: string }) => n.name === 'tf-fw-web-0'
    )
    expect(fw).toMatchObject({
      labels: { team: 'web' },
      rules: [
        {
          direction: 'in',
          protocol: 'tcp',
          port: '443',
          source_ips: ['0.0.0.0/0', '::/0'],
          description: 'HTTPS',
        },
        // Stored in canonical form; the state keeps the configuration's text (clean plan below).
        {
          direction: 'in',
          protocol: 'tcp',
          port: '22',
          source_ips: ['192.0.2.7/32'],
          description: null,
        },
        {
          direction: 'in',
          protocol: 'icmp',
          port: null,
          source_ips: ['0.0.0.0/0'],
          description: null,
        },
      ],
      apply_to: [{ type: 'label_selector', selector: 'role=tf-fw-web' }],
      applied_to_nodes: [node.id],
    })
    const clean = await plan(w)
    expect(clean.code, clean.output).toBe(0)

    setVariables(w, { port: '8443' })
    const changed = await plan(w)
    expect(changed.code, changed.output).toBe(2)
    expect(changed.output).toContain('nodeplane_firewall.fw will be updated in-place')
    expect(changed.output).toMatch(/port\s+= "443" -> "8443"/)
    expect(changed.output).not.toContain('must be replaced')
    expect(changed.output).toContain('Plan: 0 to add, 1 to change, 0 to destroy')
    const updated = await apply(w)
    expect(updated.code, updated.output).toBe(0)
    const after = (await client().get(`/api/v1/firewalls/${fw.id}`)).body
    expect(after.rules[0].port).toBe('8443')
    expect(after.applied_to_nodes).toEqual([node.id])
    expect((await plan(w)).code).toBe(0)

    // No reference orders the two deletions: the firewall's waits until the node is gone.
    w.env.TF_LOG_PROVIDER = 'debug'
    const destroyed = await destroy(w)
    expect(destroyed.output).toContain('firewall in use by nodes; waiting for them to be deleted')
    expect(destroyed.code, destroyed.output).toBe(0)
    expect((await client().get(`/api/v1/firewalls/${fw.id}`)).status).toBe(404)
    expect((await client().get(`/nodes/${node.id}`)).status).toBe(404)
  })

  it('refuses to destroy a firewall alone while it applies to running nodes, after a grace, naming them', async () => {
    const w = fixture('firewall')
    expect((await apply(w)).code).toBe(0)
    const fw = await firewallNamed('tf-web')
    const target = ['destroy', '-auto-approve', '-input=false', '-target=nodeplane_firewall.fw']
    const refused = await run(w, target)
    expect(refused.code).toBe(1)
    const output = refused.output.replace(/\s+/g, ' ')
    expect(output).toContain('Firewall tf-web still applies to nodes')
    expect(output).toContain(fw.applied_to_nodes[0])
    expect(output).toContain('depends_on = [nodeplane_firewall.<name>]')
    expect((await client().get(`/api/v1/firewalls/${fw.id}`)).status).toBe(200)
    expect((await destroy(w)).code).toBe(0)
  })

  it('imports a firewall made outside Terraform by its id, with an empty plan after', async () => {
    const made = await client().post('/api/v1/firewalls', {
      name: 'tf-web',
      labels: { team: 'web' },
      rules: [
        {
          direction: 'in',
          protocol: 'tcp',
          port: '443',
          source_ips: ['0.0.0.0/0', '::/0'],
          description: 'HTTPS',
        },
        { direction: 'in', protocol: 'tcp', port: '22', source_ips: ['198.51.100.0/24'] },
        { direction: 'in', protocol: 'icmp', source_ips: ['0.0.0.0/0'] },
      ],
      apply_to: [{ type: 'label_selector', selector: 'role=tf-fw-web' }],
    })
    expect(made.status).toBe(201)
    const w = fixture('firewall', { nodes: 0, admin_ip: '198.51.100.0/24' })
    const imported = await run(w, ['import', '-input=false', 'nodeplane_firewall.fw', made.body.id])
    expect(imported.code, imported.output).toBe(0)
    const after = await plan(w)
    expect(after.code, after.output).toBe(0)
    expect((await destroy(w)).code).toBe(0)
    expect((await client().get(`/api/v1/firewalls/${made.body.id}`)).status).toBe(404)
  })

  it('reads a firewall by name with data.nodeplane_firewall, as the API stores it', async () => {
    const made = await client().post('/api/v1/firewalls', {
      name: 'tf-seen-by-data',
      rules: [{ direction: 'in', protocol: 'udp', port: '53', source_ips: ['192.0.2.7'] }],
      apply_to: [{ type: 'label_selector', selector: 'role=dns' }],
    })
    const w = fixture('data-firewall', { name: 'tf-seen-by-data' })
    const applied = await apply(w)
    expect(applied.code, applied.output).toBe(0)
    const read = JSON.parse((await run(w, ['output', '-json'])).stdout).firewall.value
    expect(read).toEqual({
      id: made.body.id,
      name: 'tf-seen-by-data',
      labels: {},
      rule: [
        {
          direction: 'in',
          protocol: 'udp',
          port: '53',
          source_ips: ['192.0.2.7/32'],
          description: null,
        },
      ],
      apply_to: [{ node_id: null, label_selector: 'role=dns' }],
      applied_to_nodes: [],
    })
    const missing = await run(fixture('data-firewall', { name: 'tf-nowhere' }), [
      'plan',
      '-input=false',
    ])
    expect(missing.code).toBe(1)
    expect(missing.output).toContain('No firewall named tf-nowhere on this account.')
  })

  it("follows the firewall list's pages in the provider's API client, to every firewall", async () => {
    const made: string[] = []
    for (let i = 0; i < 3; i++)
      made.push((await client().post('/api/v1/firewalls', { name: `tf-paged-${i}` })).body.id)
    try {
      const all = await new ApiClient(suite.server.url, suite.key).getAllPages<{ id: string }>(
        '/api/v1/firewalls?limit=1'
      )
      expect(all.map((fw) => fw.id).filter((id) => made.includes(id))).toEqual(made)
      // The first page alone holds one: the others came from the pages after it.
      expect((await client().get('/api/v1/firewalls?limit=1')).body).toHaveLength(1)
    } finally {
      for (const id of made) await client().delete(`/api/v1/firewalls/${id}`)
    }
  })

  it('refuses a malformed port and a host-bits range at plan, naming the rule, creating nothing', async () => {
    const w = fixture('firewall', { nodes: 0, port: '080', admin_ip: '10.0.0.1/8' })
    const planned = await plan(w)
    expect(planned.code).toBe(1)
    // tofu wraps diagnostics at 80 columns.
    const output = planned.output.replace(/\s+/g, ' ')
    expect(output).toContain(
      'port must be a port "80" or a range "8000-8100" (decimal, no leading zeros or spaces)'
    )
    expect(output).toContain('"10.0.0.1/8" has host bits set; the network is 10.0.0.0/8')
    // The attribute path makes tofu point at the rule's line.
    expect(output).toContain('port = var.port')
    expect(output).toContain('source_ips = [var.admin_ip]')
    expect(await firewallNamed('tf-web')).toBeUndefined()
  })
})
