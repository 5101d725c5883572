import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'
import { setVariables, type Workdir } from '../helpers/tofu.js'

const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1', NODEPLANE_POWER_SECONDS: '1' })
const { fixture, run } = suite
const client = () => api(suite.server.url, suite.key)
const apply = (w: Workdir) => run(w, ['apply', '-auto-approve', '-input=false'])
const plan = (w: Workdir) => run(w, ['plan', '-detailed-exitcode', '-input=false'])

const nodeNamed = async (name: string) =>
  (await client().get('/nodes')).body.find((n: { name: string }) => n.name === name)

describe('nodeplane_node power_state with real tofu', () => {
  it('switches a node off and on in place, waiting until the server shows it, with clean plans between', async () => {
    const w = fixture('node-power')
    const created = await apply(w)
    expect(created.code, created.output).toBe(0)
    expect(created.output).toContain('power_state = "on"')
    const node = await nodeNamed('tf-power')
    expect(node.power_state).toBe('on')
    expect((await plan(w)).code).toBe(0)

    setVariables(w, { power_state: 'off' })
    const off = await plan(w)
    expect(off.code, off.output).toBe(2)
    expect(off.output).toContain('will be updated in-place')
    expect(off.output).toMatch(/power_state\s+= "on" -> "off"/)
    expect(off.output).not.toContain('must be replaced')
    const offApplied = await apply(w)
    expect(offApplied.code, offApplied.output).toBe(0)
    // Apply returned only once the node was off: no wait in the test.
    const after = (await client().get(`/nodes/${node.id}`)).body
    expect(after).toMatchObject({ id: node.id, status: 'running', power_state: 'off' })
    expect((await plan(w)).code).toBe(0)

    setVariables(w, { power_state: 'on' })
    const onApplied = await apply(w)
    expect(onApplied.code, onApplied.output).toBe(0)
    expect((await client().get(`/nodes/${node.id}`)).body.power_state).toBe('on')
    expect((await plan(w)).code).toBe(0)

    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('refuses a transient power_state at plan, creating nothing', async () => {
    const w = fixture('node-power', { power_state: 'rebooting' })
    const planned = await plan(w)
    expect(planned.code).toBe(1)
    expect(planned.output).toContain('power_state must be "on" or "off"')
    expect(await nodeNamed('tf-power')).toBeUndefined()
  })
})
