import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netnsNames } from '../../server/provisioning/network/names.js'
import { engineUnavailable, purge } from '../engines/_engines.js'
import {
  adminDashboard,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { eventually } from '../helpers/http.js'

// netns cannot power its nodes: the refusal the power buttons must show plainly.
const unavailable = await engineUnavailable('netns')
if (unavailable) console.warn(`Node Details power on netns skipped: ${unavailable}`)

let d: AdminDashboard

describe.skipIf(unavailable)('Node Details power buttons on a driver without power (netns)', () => {
  beforeAll(async () => {
    d = await adminDashboard({
      NODEPLANE_DRIVER: 'netns',
      NODEPLANE_NETNS_ALLOW_TENANTS: 'true',
      NODEPLANE_HEALTH_SECONDS: '1',
    })
  })
  afterAll(async () => {
    const dataDir = d?.server.dataDir
    await d?.close()
    if (dataDir) await purge(netnsNames(dataDir))
  })
  screenshotEachTest('node-power-netns', () => d?.page)

  it('says the driver cannot power nodes, and the node stays on', async () => {
    const id = (await d.client.post('/nodes', { name: 'plain' })).body.id as string
    await eventually(
      async () =>
        (await d.client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined,
      60_000
    )
    await d.page.goto(`/ui/nodes/${id}/power`)
    await submitWith(d.page, d.page.locator('#power').getByRole('button', { name: 'Reboot' }))
    // The confirmation page asks; its button confirms.
    await submitWith(d.page, d.page.getByRole('button', { name: 'Reboot', exact: true }))
    await expect(d.page.getByRole('alert').first().textContent()).resolves.toContain(
      "Reboot refused: this server's netns driver cannot power nodes off or on"
    )
    expect((await d.client.get(`/nodes/${id}`)).body.power_state).toBe('on')
  })
})
