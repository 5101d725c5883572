import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  LAPTOP,
  login,
  PHONE,
  screenshot,
  screenshotEachTest,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api, eventually } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

let d: Dashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  // A few seconds of provisioning, so the page can be seen changing by itself.
  d = await startDashboard({ NODEPLANE_PROVISION_SECONDS: '3' })
  client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('nodes', () => d?.page)

const row = (name: string) =>
  d.page.locator('tr[data-node-id]', { has: d.page.getByRole('link', { name, exact: true }) })

// The Create node page is the one create form (the nodes page has the button to it).
async function createNode(name: string): Promise<void> {
  await d.page.goto('/ui/nodes/new')
  await d.page.getByLabel('Name (optional)').fill(name)
  await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
}

describe('Node Management page', () => {
  it('creates a node and shows it reach running without a reload', async () => {
    await createNode('web-1')
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Node web-1 is provisioning'
    )
    const badge = row('web-1').locator('[data-field="state"]')
    await expect(badge.textContent()).resolves.toBe('provisioning')
    await expect(row('web-1').locator('[data-field="ip_address"]').textContent()).resolves.toBe('–')
    // A reload would drop this marker.
    await d.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
    await badge.filter({ hasText: 'running' }).waitFor({ timeout: 15_000 })
    await expect(
      d.page.evaluate(() => (window as unknown as { marker: number }).marker)
    ).resolves.toBe(42)
    await expect(row('web-1').locator('[data-field="ip_address"]').textContent()).resolves.toMatch(
      /^203\.0\.113\.\d+$/
    )
    const cost = Number(await row('web-1').locator('[data-field="cost"]').textContent())
    expect(cost).toBeGreaterThan(0)
    // The page long-polls: the server held a request through provisioning until the node
    // changed (a poller would have asked every second, each answered at once).
    const asked = d.server.logs.filter(
      (line) => line.msg === 'request' && line.path === '/ui/api/nodes'
    )
    expect(asked.length).toBeLessThanOrEqual(4)
    expect(asked.some((line) => Number(line.duration_ms) >= 1000)).toBe(true)
  })

  it('has one create form: the Create node page, with keys, labels and sizes', async () => {
    await d.page.goto('/ui/nodes')
    await expect(d.page.locator('main form[method="post"]').count()).resolves.toBe(0)
    await expect(d.page.getByLabel('Host id (optional)').count()).resolves.toBe(0)
    await d.page.getByRole('link', { name: 'Create node', exact: true }).click()
    await d.page.waitForURL('**/ui/nodes/new')
    await expect(d.page.locator('input[name="ssh_keys"], #new-labels').count()).resolves.toBe(1)
    await expect(d.page.locator('table.sizes').count()).resolves.toBe(1)
  })

  it('shows the service refusal as a readable message', async () => {
    await d.page.goto('/ui/nodes/new')
    // A host gone between showing the sizes and the click: the chosen size names it.
    await d.page
      .locator('input[name="host_id"]:checked')
      .evaluate((radio: HTMLInputElement) => (radio.value = '00000000-0000-4000-8000-000000000000'))
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Host id: no such compute host'
    )
  })

  it('keeps node names to host names, in the browser and on the server', async () => {
    await d.page.goto('/ui/nodes/new')
    const name = d.page.getByLabel('Name (optional)')
    await name.fill('Web_1')
    await expect(
      name.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)
    ).resolves.toBe(true)
    // Past the browser's own check, the server refuses it with the API's message.
    await name.evaluate((input) => input.removeAttribute('pattern'))
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Name: must be a host name'
    )
    expect((await client.get('/nodes')).body.map((n: { name: string }) => n.name)).not.toContain(
      'Web_1'
    )
  })

  it('reads well at phone width', async () => {
    await d.page.setViewportSize(PHONE)
    await d.page.goto('/ui/nodes')
    await screenshot(d.page, 'nodes--table-phone')
    await d.page.setViewportSize(LAPTOP)
  })
})

describe('Node Details page', () => {
  it('shows every field, and reveals and copies the credentials', async () => {
    await d.page.goto('/ui/nodes')
    await submitWith(d.page, row('web-1').getByRole('link', { name: 'web-1' }))
    const id = new URL(d.page.url()).pathname.split('/').pop()!
    const node = (await client.get(`/nodes/${id}`)).body
    const fields = d.page.locator('dl.fields').first()
    for (const value of [node.id, node.ip_address, node.region, node.host_id]) {
      await expect(fields.textContent()).resolves.toContain(value)
    }
    // The network's facts are on the Networking tab.
    await submitWith(d.page, d.page.getByRole('link', { name: 'Networking' }))
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/networking`)
    const network = d.page.locator('dl.fields').first()
    for (const value of [node.ip_address, node.private_ip, node.vpc_id]) {
      await expect(network.textContent()).resolves.toContain(value)
    }
    await submitWith(d.page, d.page.getByRole('link', { name: 'Overview' }))
    await expect(
      d.page.getByText('SSH (port 22) is open: log in as root with the command below.').isVisible()
    ).resolves.toBe(true)
    const password = (await client.get(`/api/v1/nodes/${id}/credentials`)).body.password
    const secret = d.page.locator('#root-password')
    await expect(secret.textContent()).resolves.not.toContain(password)
    await d.page.getByRole('button', { name: 'Reveal' }).click()
    await d.page.getByRole('button', { name: 'Hide' }).waitFor()
    await expect(secret.textContent()).resolves.toBe(password)
    await d.page.getByRole('button', { name: 'Copy password' }).click()
    await d.page.getByRole('button', { name: 'Copied ✓' }).waitFor()
    await expect(d.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(password)
    await d.page.getByRole('button', { name: 'Copy SSH command' }).click()
    await expect(
      eventually(async () => {
        const text = await d.page.evaluate(() => navigator.clipboard.readText())
        return text.startsWith('ssh ') ? text : undefined
      })
    ).resolves.toBe(`ssh root@${node.ip_address}`)
  })

  it('attaches an IPv6 and an IPv4 address and detaches one after its confirmation page', async () => {
    await submitWith(d.page, d.page.getByRole('link', { name: 'Networking' }))
    const networking = new URL(d.page.url()).pathname
    await submitWith(d.page, d.page.getByRole('button', { name: 'Attach IPv6' }))
    expect(new URL(d.page.url()).pathname).toBe(networking)
    await expect(d.page.getByRole('status').textContent()).resolves.toMatch(
      /Attached 2001:db8:[0-9a-f:]+\/\d+ \(IPv6\)/
    )
    await submitWith(d.page, d.page.getByRole('button', { name: 'Attach IPv4' }))
    await expect(d.page.getByRole('status').textContent()).resolves.toMatch(
      /Attached 203\.0\.113\.\d+\/32 \(IPv4\)/
    )
    const addresses = d.page.locator('section[aria-labelledby="addresses-heading"] tbody tr')
    await expect(addresses.count()).resolves.toBe(3)
    const v6 = (await addresses.filter({ hasText: 'IPv6' }).locator('td').first().textContent())!
    let dialogs = 0
    d.page.on('dialog', () => dialogs++)
    await submitWith(d.page, d.page.getByRole('button', { name: `Detach ${v6}` }))
    expect(new URL(d.page.url()).pathname).toMatch(/\/confirm-detach$/)
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      `Detach ${v6} from node web-1 (`
    )
    // Cancel keeps it; the button detaches.
    await submitWith(d.page, d.page.getByRole('link', { name: 'Cancel and keep the address' }))
    await expect(addresses.count()).resolves.toBe(3)
    await submitWith(d.page, d.page.getByRole('button', { name: `Detach ${v6}` }))
    await submitWith(d.page, d.page.getByRole('button', { name: `Detach ${v6}`, exact: true }))
    expect(dialogs).toBe(0)
    expect(new URL(d.page.url()).pathname).toBe(networking)
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(`Detached ${v6}.`)
    await expect(addresses.count()).resolves.toBe(2)
    await expect(addresses.filter({ hasText: 'IPv6' }).count()).resolves.toBe(0)
  })

  it('updates status, SSH line and attach buttons by itself when the node turns running', async () => {
    await createNode('web-2')
    await submitWith(d.page, row('web-2').getByRole('link', { name: 'web-2' }))
    // The Networking tab, open beside the Overview while the node provisions.
    const tab = await d.page.context().newPage()
    await tab.goto(`${new URL(d.page.url()).pathname}/networking`)
    for (const page of [d.page, tab])
      await expect(page.locator('h1 [data-field="state"]').textContent()).resolves.toBe(
        'provisioning'
      )
    await expect(tab.getByRole('button', { name: 'Attach IPv4' }).isDisabled()).resolves.toBe(true)
    for (const page of [d.page, tab])
      await page.locator('h1 [data-field="state"]', { hasText: 'running' }).waitFor({
        timeout: 15_000,
      })
    await expect(d.page.locator('#ssh-command').textContent()).resolves.toMatch(
      /^ssh root@203\.0\.113\.\d+$/
    )
    await expect(tab.getByRole('button', { name: 'Attach IPv4' }).isEnabled()).resolves.toBe(true)
    // The address list is re-read in place: the automatic IPv4 shows up.
    await tab.locator('#addresses tbody tr', { hasText: 'IPv4' }).waitFor()
    // So are the fields: the time SSH first answered.
    await d.page.locator('[data-field="reachable_at"] time').waitFor()
    await expect(tab.getByText('Addresses attach once the node is running.').count()).resolves.toBe(
      0
    )
    await tab.close()
    await d.page.setViewportSize(PHONE)
    await screenshot(d.page, 'nodes--details-phone')
    await d.page.setViewportSize(LAPTOP)
  })

  it('deletes a node after a confirmation that names it and warns that data is destroyed', async () => {
    const id = new URL(d.page.url()).pathname.split('/').pop()!
    let dialogs = 0
    d.page.on('dialog', () => dialogs++)
    await submitWith(d.page, d.page.getByRole('link', { name: 'Delete', exact: true }))
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/delete`)
    await expect(d.page.locator('#delete').textContent()).resolves.toContain(
      'destroyed irrecoverably'
    )
    await submitWith(d.page, d.page.getByRole('button', { name: `Delete node web-2 (${id})…` }))
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/confirm-delete`)
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Delete node web-2 (${id})?`
    )
    await expect(d.page.locator('main').textContent()).resolves.toContain('destroyed irrecoverably')
    await submitWith(
      d.page,
      d.page.getByRole('button', { name: `Delete node web-2 (${id})`, exact: true })
    )
    expect(dialogs).toBe(0)
    expect(new URL(d.page.url()).pathname).toBe('/ui/nodes')
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Node web-2 is being deleted'
    )
    await eventually(async () =>
      (await client.get(`/nodes/${id}`)).status === 404 ? true : undefined
    )
    await expect(row('web-1').count()).resolves.toBe(1)
  })
})

describe('Node Details of a node made with an SSH key', () => {
  it('names the size, and the host by name and datacenter, and a key-only node offers no password', async () => {
    const key = await client.post('/api/v1/ssh-keys', {
      name: 'details-key',
      public_key: generateKey('ed25519').publicKey,
    })
    const made = (await client.post('/nodes', { name: 'key-only', ssh_keys: [key.body.id] })).body
    const host = (await client.get(`/api/v1/compute/${made.host_id}`)).body
    await d.page.goto(`/ui/nodes/${made.id}`)
    await expect(d.page.locator('[data-field="size"]').textContent()).resolves.toBe(
      `${host.cpu.cores} cores · ${host.memory_gb} GB RAM · ${host.storage_gb} GB disk` +
        (host.gpu.count > 0 ? ` · ${host.gpu.count} GPU${host.gpu.count > 1 ? 's' : ''}` : '')
    )
    const place = d.page.locator('[data-field="host"]')
    await expect(place.textContent()).resolves.toContain(`${host.hostname} in ${host.datacenter}`)
    await expect(place.getByRole('link', { name: host.hostname }).count()).resolves.toBe(1)
    const connection = d.page.locator('#connection')
    await expect(connection.textContent()).resolves.toContain('Password login is off')
    await expect(connection.locator('#root-password').count()).resolves.toBe(0)
    await expect(connection.getByRole('button', { name: 'Reveal' }).count()).resolves.toBe(0)
    await client.delete(`/nodes/${made.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${made.id}`)).status === 404 ? true : undefined
    )
    await client.delete(`/api/v1/ssh-keys/${key.body.id}`)
  })
})
