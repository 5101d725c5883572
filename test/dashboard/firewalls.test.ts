import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  acceptNextDialog,
  adminDashboard,
  LAPTOP,
  PHONE,
  screenshot,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
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

  it("a node's Firewalls tab lists the firewalls that apply to it, linked", async () => {
    await d.page.goto(`/ui/nodes/${web.id}`)
    await submitWith(d.page, d.page.getByRole('link', { name: 'Firewalls', exact: true }).last())
    expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${web.id}/firewalls`)
    const section = d.page.locator('#node-firewalls')
    await expect(section.getByRole('link', { name: 'web-in' }).getAttribute('href')).resolves.toBe(
      `/ui/firewalls/${fw.id}`
    )
    await expect(section.textContent()).resolves.toContain('2 rules')
    await d.page.goto(`/ui/nodes/${bare.id}/firewalls`)
    await expect(d.page.locator('#node-firewalls').textContent()).resolves.toContain(
      'No firewall applies to this node.'
    )
  })

  it("never shows, edits or deletes another account's firewall", async () => {
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
    const edit = await d.page.goto(`/ui/firewalls/${theirs.id}/edit`)
    expect(edit!.status()).toBe(404)
    await expect(d.page.content()).resolves.not.toContain('their-secret-fw')
    // A forged delete: the dashboard's own form, pointed at the stranger's firewall.
    await d.page.goto('/ui/firewalls')
    const answer = d.page.waitForResponse((res) => res.url().endsWith('/delete'))
    await d.page.evaluate((id) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = `/ui/firewalls/${id}/delete`
      const token = document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')!
      form.innerHTML = `<input type="hidden" name="_csrf" value="${token}">`
      document.body.append(form)
      form.submit()
    }, theirs.id)
    expect((await answer).status()).toBe(404)
    expect((await stranger.get(`/api/v1/firewalls/${theirs.id}`)).status).toBe(200)
  })

  it('a new firewall starts with two real rules, SSH and ICMP from everywhere, each removable', async () => {
    await d.page.goto('/ui/firewalls/new')
    const value = (label: string) => d.page.getByLabel(label).inputValue()
    expect(await value('Rule 1 protocol')).toBe('tcp')
    expect(await value('Rule 1 port')).toBe('22')
    expect(await value('Rule 1 source IPs')).toBe('0.0.0.0/0\n::/0')
    expect(await value('Rule 2 protocol')).toBe('icmp')
    expect(await value('Rule 2 port')).toBe('')
    expect(await value('Rule 2 source IPs')).toBe('0.0.0.0/0\n::/0')
    // Values, not placeholders: what is shown is what is saved.
    await expect(d.page.getByLabel('Rule 1 port').getAttribute('placeholder')).resolves.toBeNull()
    for (const n of [1, 2])
      await expect(
        d.page.getByRole('checkbox', { name: `Remove rule ${n}`, exact: true }).count()
      ).resolves.toBe(1)

    // Saved as shown, but for the rule ticked Remove.
    await d.page.getByLabel('Name').fill('ping-only')
    await d.page.getByRole('checkbox', { name: 'Remove rule 1', exact: true }).check()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create firewall' }))
    const made = (await d.client.get('/api/v1/firewalls?name=ping-only')).body[0]
    expect(new URL(d.page.url()).pathname).toBe(`/ui/firewalls/${made.id}`)
    expect(made.rules).toEqual([
      {
        direction: 'in',
        protocol: 'icmp',
        port: null,
        source_ips: ['0.0.0.0/0', '::/0'],
        description: 'ICMP (ping)',
      },
    ])
    expect((await d.client.delete(`/api/v1/firewalls/${made.id}`)).status).toBe(204)
  })

  it('a bad CIDR is refused beside its field and creates nothing; fixed, the firewall is made', async () => {
    await d.page.goto('/ui/firewalls')
    await d.page.getByRole('link', { name: 'Create firewall' }).click()
    await d.page.waitForURL('**/ui/firewalls/new')
    await d.page.getByLabel('Name').fill('db-in')
    await d.page.getByLabel('Labels', { exact: true }).fill('team=data')
    // The two rules a new form starts with are removed; the blank rows below are filled.
    for (const n of [1, 2])
      await d.page.getByRole('checkbox', { name: `Remove rule ${n}`, exact: true }).check()
    await d.page.getByLabel('Rule 3 port').fill('5432')
    await d.page.getByLabel('Rule 3 source IPs').fill('10.0.0.0/8\n10.1.2.3/33')
    await d.page.getByLabel('Rule 3 description').fill('Postgres')
    await d.page.getByLabel('Rule 4 protocol').selectOption('icmp')
    await d.page.getByLabel('Rule 4 source IPs').fill('::/0')
    await d.page.getByRole('checkbox', { name: 'bare' }).check()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create firewall' }))

    // Shown again as the two rules kept, now rules 1 and 2.
    const sources = d.page.getByLabel('Rule 1 source IPs')
    await expect(sources.getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(d.page.locator('#rule-1-sources-error').textContent()).resolves.toBe(
      '“10.1.2.3/33”: must be an IPv4 or IPv6 address or CIDR range, such as 203.0.113.0/24 or ::/0'
    )
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'Rule 1 source IPs: must be an IPv4'
    )
    // What was typed is all still there, and nothing was created.
    await expect(d.page.getByLabel('Name').inputValue()).resolves.toBe('db-in')
    await expect(d.page.getByLabel('Rule 2 protocol').inputValue()).resolves.toBe('icmp')
    await expect(d.page.getByRole('checkbox', { name: 'bare' }).isChecked()).resolves.toBe(true)
    expect((await d.client.get('/api/v1/firewalls?name=db-in')).body).toEqual([])

    // At a phone's width the rules become cards and nothing scrolls sideways.
    await d.page.setViewportSize(PHONE)
    const sideways = await d.page.evaluate(() =>
      Math.max(
        ...[document.documentElement, ...document.querySelectorAll('.table-scroll')].map(
          (el) => el.scrollWidth - el.clientWidth
        )
      )
    )
    expect(sideways).toBeLessThanOrEqual(0)
    await screenshot(d.page, 'firewalls--refused-form-390')
    await d.page.setViewportSize(LAPTOP)

    await sources.fill('10.0.0.0/8\n10.1.2.0/24')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create firewall' }))
    const made = (await d.client.get('/api/v1/firewalls?name=db-in')).body[0]
    expect(new URL(d.page.url()).pathname).toBe(`/ui/firewalls/${made.id}`)
    expect(made).toMatchObject({
      labels: { team: 'data' },
      rules: [
        {
          protocol: 'tcp',
          port: '5432',
          source_ips: ['10.0.0.0/8', '10.1.2.0/24'],
          description: 'Postgres',
        },
        { protocol: 'icmp', port: null, source_ips: ['::/0'], description: null },
      ],
      apply_to: [{ type: 'node', node_id: bare.id }],
    })
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'Created firewall db-in.'
    )
  })

  it('editing adds a rule (with more rows asked for) and applies the firewall by label', async () => {
    const ssh = (
      await d.client.post('/api/v1/firewalls', {
        name: 'ssh-in',
        rules: [{ direction: 'in', protocol: 'tcp', port: '22', source_ips: ['0.0.0.0/0'] }],
      })
    ).body
    await d.page.goto(`/ui/firewalls/${ssh.id}`)
    await d.page.getByRole('link', { name: 'Edit firewall' }).click()
    await d.page.waitForURL(`**/ui/firewalls/${ssh.id}/edit`)
    await expect(d.page.getByLabel('Rule 1 port').inputValue()).resolves.toBe('22')
    await d.page.getByLabel('Rule 2 protocol').selectOption('udp')
    await d.page.getByLabel('Rule 2 port').fill('53')
    await d.page.getByLabel('Rule 2 source IPs').fill('192.0.2.0/24')
    await submitWith(d.page, d.page.getByRole('button', { name: 'More rule rows' }))
    // Shown again as typed, with more blank rows, and nothing saved yet.
    await expect(d.page.getByLabel('Rule 2 port').inputValue()).resolves.toBe('53')
    await expect(d.page.getByLabel('Rule 6 port').count()).resolves.toBe(1)
    expect((await d.client.get(`/api/v1/firewalls/${ssh.id}`)).body.rules).toHaveLength(1)

    await d.page.getByLabel('Label selectors').fill('env=prod')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save firewall' }))
    expect(new URL(d.page.url()).pathname).toBe(`/ui/firewalls/${ssh.id}`)
    const saved = (await d.client.get(`/api/v1/firewalls/${ssh.id}`)).body
    expect(saved.rules.map((r: { port: string }) => r.port)).toEqual(['22', '53'])
    expect(saved.apply_to).toEqual([{ type: 'label_selector', selector: 'env=prod' }])
    expect(saved.applied_to_nodes).toEqual([web.id])
    await d.page.goto(`/ui/nodes/${web.id}/firewalls`)
    await d.page.locator('#node-firewalls').getByRole('link', { name: 'ssh-in' }).waitFor()
  })

  it('refuses to delete a firewall that applies to a node, naming it; once it applies to none, deletes it', async () => {
    const temp = (
      await d.client.post('/api/v1/firewalls', {
        name: 'temp-fw',
        apply_to: [{ type: 'node', node_id: lone.id }],
      })
    ).body
    await d.page.goto(`/ui/firewalls/${temp.id}`)
    const dialog = acceptNextDialog(d.page)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Delete firewall temp-fw' }))
    await expect(dialog).resolves.toBe('Delete firewall temp-fw? This cannot be undone.')
    const alert = d.page.getByRole('alert')
    await expect(alert.textContent()).resolves.toContain(
      'Firewall temp-fw was not deleted: it still applies to this node.'
    )
    await expect(alert.getByRole('link', { name: 'lone' }).getAttribute('href')).resolves.toBe(
      `/ui/nodes/${lone.id}`
    )
    expect((await d.client.get(`/api/v1/firewalls/${temp.id}`)).status).toBe(200)

    await alert.getByRole('link', { name: 'Change what it applies to' }).click()
    await d.page.getByRole('checkbox', { name: 'lone' }).uncheck()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save firewall' }))
    const again = acceptNextDialog(d.page)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Delete firewall temp-fw' }))
    await again
    expect(new URL(d.page.url()).pathname).toBe('/ui/firewalls')
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'Deleted firewall temp-fw.'
    )
    expect((await d.client.get(`/api/v1/firewalls/${temp.id}`)).status).toBe(404)
    const events = await d.client.get(`/api/v1/events?resource_id=${temp.id}`)
    expect(events.body.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['firewall.created', 'firewall.updated', 'firewall.deleted'])
    )
  })
})
