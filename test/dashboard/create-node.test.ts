import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminDashboard,
  PHONE,
  LAPTOP,
  screenshot,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

let d: AdminDashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  d = await adminDashboard()
  client = d.client
})
afterAll(() => d?.close())
screenshotEachTest('create-node', () => d?.page)

/** Every active host of a region, through the public discovery API. */
async function activeHosts(region: string) {
  const hosts = []
  for (let page = 1; ; page++) {
    const body = (
      await client.get(`/api/v1/compute?region=${region}&status=active&limit=200&page=${page}`)
    ).body
    hosts.push(...body.hosts)
    if (!body.pagination.has_more) return hosts
  }
}

describe('Create node page', () => {
  it('is reached from the button at the top of the nodes page', async () => {
    await d.page.goto('/ui/nodes')
    await d.page.getByRole('link', { name: 'Create node' }).click()
    await d.page.waitForURL('**/ui/nodes/new')
    await expect(d.page.getByRole('heading', { name: 'Create a node' }).isVisible()).resolves.toBe(
      true
    )
  })

  it('lists the free sizes of the region with stock and the price of the cheapest host of each', async () => {
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    const hosts = await activeHosts('eu-central-1')
    const key = (h: {
      cpu: { cores: number }
      memory_gb: number
      storage_gb: number
      gpu: { count: number }
    }) => `${h.cpu.cores}/${h.memory_gb}/${h.storage_gb}/${h.gpu.count}`
    const stock = new Map<string, number>()
    for (const host of hosts) stock.set(key(host), (stock.get(key(host)) ?? 0) + 1)
    const rows = d.page.locator('table.sizes tbody tr')
    await expect(rows.count()).resolves.toBe(stock.size)
    // Each radio names the cheapest free host of its size.
    for (const value of await d.page
      .locator('input[name="host_id"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))) {
      const host = hosts.find((h) => h.id === value)!
      const sameSize = hosts.filter((h) => key(h) === key(host))
      expect(Math.min(...sameSize.map((h) => Number(h.pricing.hourly)))).toBe(
        Number(host.pricing.hourly)
      )
    }
  })

  it('shows the price of the chosen size before the button, and the node gets that price', async () => {
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    const radios = d.page.locator('input[name="host_id"]')
    await radios.last().check()
    const summary = (await d.page.locator('[data-summary-target]').textContent())!
    const hostId = await radios.last().inputValue()
    const host = (await activeHosts('eu-central-1')).find((h) => h.id === hostId)!
    expect(summary).toContain(`${host.pricing.hourly} USD/hour`)
    expect(summary).toContain(`${host.pricing.monthly} USD/month`)

    await d.page.getByLabel('Name (optional)').fill('priced')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    expect(new URL(d.page.url()).pathname).toBe('/ui/nodes')
    const node = (await client.get('/nodes')).body.find(
      (n: { name: string }) => n.name === 'priced'
    )
    expect(node.host_id).toBe(hostId)
    const usage = (await client.get('/api/v1/usage')).body.nodes.find(
      (n: { node_id: string }) => n.node_id === node.id
    )
    expect(usage.hourly_price).toBe(host.pricing.hourly)
  })

  it('switches region on change, and fits a phone and a laptop', async () => {
    await d.page.goto('/ui/nodes/new')
    await d.page.getByLabel('Region').selectOption('eu-central-1')
    await d.page.waitForURL('**/ui/nodes/new?region=eu-central-1')
    for (const size of [PHONE, LAPTOP]) {
      await d.page.setViewportSize(size)
      await d.page.goto('/ui/nodes/new?region=eu-central-1')
      const sideways = await d.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      expect(sideways).toBeLessThanOrEqual(0)
      await screenshot(d.page, `create-node--${size.width}`)
    }
  })
})

describe('Create node page: SSH keys, password login, labels and user data', () => {
  const nodeNamed = async (name: string) =>
    (await client.get('/nodes')).body.find((n: { name: string }) => n.name === name)

  it('says where to add SSH keys while the account has none', async () => {
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    const access = d.page.getByRole('group', { name: 'SSH access' })
    await expect(access.textContent()).resolves.toContain('No SSH keys on this account yet.')
    await expect(access.getByRole('link', { name: 'Add one' }).getAttribute('href')).resolves.toBe(
      '/ui/settings/ssh-keys'
    )
  })

  it('creates a node with the checked keys, password login off, labels and user data', async () => {
    for (const name of ['ada laptop', 'ci runner'])
      await client.post('/api/v1/ssh-keys', { name, public_key: generateKey('ed25519').publicKey })
    const keys = (await client.get('/api/v1/ssh-keys')).body as { id: string; name: string }[]
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    await d.page.getByRole('checkbox', { name: 'ci runner' }).check()
    await d.page.getByRole('switch', { name: 'Password login for root' }).uncheck()
    await d.page.getByLabel('Labels', { exact: true }).fill('env=prod\ntier = web\n')
    await d.page.getByLabel('User data (optional)').fill('#!/bin/sh\necho hi > /root/hi\n')
    await d.page.getByLabel('Name (optional)').fill('set-up')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    expect(new URL(d.page.url()).pathname).toBe('/ui/nodes')
    const node = await nodeNamed('set-up')
    expect(node).toMatchObject({
      ssh_keys: [keys.find((k) => k.name === 'ci runner')!.id],
      password_login: false,
      labels: { env: 'prod', tier: 'web' },
    })
    expect(node.user_data_status).not.toBeNull()
    // The browser sends the textarea's lines as CRLF; the script keeps Unix line ends.
    const userData = await client.get(`/api/v1/nodes/${node.id}/user-data`)
    expect(userData.body.user_data).toBe('#!/bin/sh\necho hi > /root/hi\n')
  })

  it('turns password login off when a key is checked, as the API does, until the switch is set', async () => {
    await client.post('/api/v1/ssh-keys', {
      name: 'follows',
      public_key: generateKey('ed25519').publicKey,
    })
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    const toggle = d.page.getByRole('switch', { name: 'Password login for root' })
    const key = d.page.getByRole('checkbox', { name: 'follows' })
    await expect(toggle.isChecked()).resolves.toBe(true)
    await key.check()
    await expect(toggle.isChecked()).resolves.toBe(false)
    await key.uncheck()
    await expect(toggle.isChecked()).resolves.toBe(true)
    await key.check()
    await d.page.getByLabel('Name (optional)').fill('follows-keys')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    expect(await nodeNamed('follows-keys')).toMatchObject({ password_login: false })

    // Set by hand, the switch stays as set whatever keys are checked.
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    await d.page.getByRole('switch', { name: 'Password login for root' }).uncheck()
    await d.page.getByRole('switch', { name: 'Password login for root' }).check()
    await d.page.getByRole('checkbox', { name: 'follows' }).check()
    await expect(
      d.page.getByRole('switch', { name: 'Password login for root' }).isChecked()
    ).resolves.toBe(true)
  })

  it('keeps everything typed and says why when password login is off without a key', async () => {
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    await d.page.getByRole('switch', { name: 'Password login for root' }).uncheck()
    await d.page.getByLabel('Labels', { exact: true }).fill('env=prod')
    await d.page.getByLabel('User data (optional)').fill('#!/bin/sh\ntrue\n')
    await d.page.getByLabel('Name (optional)').fill('refused')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    expect(new URL(d.page.url()).pathname).toBe('/ui/nodes/new')
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain('Password login:')
    await expect(d.page.getByLabel('Labels', { exact: true }).inputValue()).resolves.toBe(
      'env=prod'
    )
    await expect(d.page.getByLabel('User data (optional)').inputValue()).resolves.toBe(
      '#!/bin/sh\ntrue\n'
    )
    await expect(d.page.getByLabel('Name (optional)').inputValue()).resolves.toBe('refused')
    await expect(
      d.page.getByRole('switch', { name: 'Password login for root' }).isChecked()
    ).resolves.toBe(false)
    expect(await nodeNamed('refused')).toBeUndefined()
  })

  it('names a labels line that is not key=value, and unsupported cloud-config', async () => {
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    await d.page.getByLabel('Labels', { exact: true }).fill('env=prod\noops')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Labels: line 2 (“oops”) is not key=value'
    )
    await d.page.getByLabel('Labels', { exact: true }).fill('')
    await d.page.getByLabel('User data (optional)').fill('#cloud-config\npackages:\n  - nginx\n')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toMatch(/User data: .*packages/)
    expect(await nodeNamed('oops')).toBeUndefined()
  })
})
