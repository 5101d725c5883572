import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { adminDashboard, screenshotEachTest, type AdminDashboard } from '../helpers/browser.js'
import { api } from '../helpers/http.js'

let d: AdminDashboard
let web: { id: string }
let bare: { id: string }
let lone: { id: string }
let fw: { id: string; name: string }

beforeAll(async () => {
  d = await adminDashboard({ NODEPLANE_PROVISION_SECONDS: '0' })
  web = (await d.client.post('/nodes', { name: 'web-1', labels: { env: 'prod' } })).body
  bare = (await d.client.post('/nodes', { name: 'bare' })).body
  lone = (await d.client.post('/nodes', { name: 'lone' })).body
  const created = await d.client.post('/api/v1/firewalls', {
    name: 'web-in',
    labels: { team: 'edge' },
    rules: [
      {
        direction: 'in',
        protocol: 'tcp',
        port: '443',
        source_ips: ['0.0.0.0/0', '::/0'],
        description: 'HTTPS from anywhere',
      },
      { direction: 'in', protocol: 'icmp', source_ips: ['10.0.0.0/8'] },
    ],
    apply_to: [
      { type: 'label_selector', selector: 'env=prod' },
      { type: 'node', node_id: lone.id },
    ],
  })
  expect(created.status).toBe(201)
  fw = created.body
})
afterAll(() => d?.close())
screenshotEachTest('firewalls', () => d?.page)

describe('Firewalls', () => {
  it('the list shows name, rule count, labels and the nodes each applies to', async () => {
    await d.page.goto('/ui/nodes')
    await d.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Firewalls' })
      .click()
    await d.page.waitForURL('**/ui/firewalls')
    const row = d.page.locator(`tr[data-firewall-id="${fw.id}"]`)
    await expect(row.getByRole('link', { name: 'web-in' }).isVisible()).resolves.toBe(true)
    await expect(row.textContent()).resolves.toContain('2 rules')
    await expect(row.textContent()).resolves.toContain('team=edge')
    await expect(row.getByRole('link', { name: 'web-1' }).getAttribute('href')).resolves.toBe(
      `/ui/nodes/${web.id}`
    )
    await expect(row.getByRole('link', { name: 'lone' }).isVisible()).resolves.toBe(true)
    await expect(row.getByRole('link', { name: 'bare' }).count()).resolves.toBe(0)
  })

  it("a firewall's page shows its rules, its apply_to and the nodes it applies to", async () => {
    await d.page.goto('/ui/firewalls')
    await d.page.getByRole('link', { name: 'web-in' }).click()
    await d.page.waitForURL(`**/ui/firewalls/${fw.id}`)
    const rows = await d.page
      .getByRole('table', { name: 'Rules' })
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()))
      )
    expect(rows).toEqual([
      ['in (incoming)', 'tcp', '443', '0.0.0.0/0\n::/0', 'HTTPS from anywhere'],
      ['in (incoming)', 'icmp', 'all (icmp)', '10.0.0.0/8', 'none'],
    ])
    const main = d.page.locator('main')
    await expect(main.textContent()).resolves.toContain('Nodes with labels matching env=prod')
    await d.page.getByRole('link', { name: 'web-1' }).first().click()
    await d.page.waitForURL(`**/ui/nodes/${web.id}`)
  })

  it("a node's page lists the firewalls that apply to it, linked", async () => {
    await d.page.goto(`/ui/nodes/${web.id}`)
    const section = d.page.locator('#node-firewalls')
    await expect(section.getByRole('link', { name: 'web-in' }).getAttribute('href')).resolves.toBe(
      `/ui/firewalls/${fw.id}`
    )
    await expect(section.textContent()).resolves.toContain('2 rules')
    await d.page.goto(`/ui/nodes/${bare.id}`)
    await expect(d.page.locator('#node-firewalls').textContent()).resolves.toContain(
      'No firewall applies to this node.'
    )
  })

  it("never shows another account's firewall", async () => {
    await createTestUser(d.server.dataDir, 'stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const theirs = (
      await stranger.post('/api/v1/firewalls', {
        name: 'their-secret-fw',
        rules: [{ direction: 'in', protocol: 'tcp', port: '22', source_ips: ['192.0.2.0/24'] }],
      })
    ).body
    await d.page.goto('/ui/firewalls')
    await expect(d.page.content()).resolves.not.toContain('their-secret-fw')
    const res = await d.page.goto(`/ui/firewalls/${theirs.id}`)
    expect(res!.status()).toBe(404)
    await d.page.getByRole('heading', { name: 'Not found' }).waitFor()
    await expect(d.page.content()).resolves.not.toContain('their-secret-fw')
    await expect(d.page.content()).resolves.not.toContain('192.0.2.0/24')
    expect((await stranger.get(`/api/v1/firewalls/${theirs.id}`)).status).toBe(200)
  })
})
