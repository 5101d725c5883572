import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'
import { setVariables } from '../helpers/tofu.js'

/**
 * Every resource and data source through one configuration: apply, a clean plan, an in-place
 * change, destroy. The provider's suites prove each type's behaviour with tofu; this file is what
 * the second CLI's pass (terraform, test/run-all.sh) runs, so that each type is loaded, planned,
 * applied and destroyed by both CLIs without restating every suite.
 */
const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1' })
const { fixture, run } = suite

describe('every resource and data source, with the CLI under test', () => {
  it('applies, plans clean, renames in place and destroys everything', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('every-type', { name: 'smoke', public_key: generateKey('ed25519').publicKey })

    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.output).toBe(0)
    const summary = JSON.parse((await run(w, ['output', '-json'])).stdout).summary.value
    const [node] = (await client.get('/nodes')).body as { id: string; name: string }[]
    expect(summary).toMatchObject({ node_status: 'running', nodes: [node!.id] })
    expect(summary.public_ip).toMatch(/^2001:db8:/)
    expect(summary.hosts).toBeGreaterThan(0)
    const firewalls = (await client.get('/api/v1/firewalls')).body as { id: string }[]
    expect(firewalls.map((f) => f.id)).toEqual([summary.firewall_id])

    const again = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(again.code, again.output).toBe(0)

    setVariables(w, { name: 'smoke-renamed' })
    const plan = await run(w, ['plan', '-input=false'])
    expect(plan.output).not.toContain('must be replaced')
    const renamed = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(renamed.code, renamed.output).toBe(0)
    expect((await client.get(`/nodes/${node!.id}`)).body.name).toBe('smoke-renamed')

    const destroyed = await run(w, ['destroy', '-auto-approve', '-input=false'])
    expect(destroyed.code, destroyed.output).toBe(0)
    expect((await client.get('/nodes')).body).toEqual([])
    expect((await client.get('/api/v1/firewalls')).body).toEqual([])
    expect((await client.get('/api/v1/ssh-keys')).body).toEqual([])
  })
})
