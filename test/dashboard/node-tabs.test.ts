import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  adminDashboard,
  ADMIN_EMAIL,
  LAPTOP,
  login,
  PHONE,
  screenshot,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api, eventually } from '../helpers/http.js'

// Node Details as a console: a tab per concern, each its own URL, working without script.

let d: AdminDashboard
let node: { id: string; name: string }

/** The tabs, their labels and what each shows (a selector only that tab's page has). */
const TABS = [
  ['', 'Overview', '#connection'],
  ['/graphs', 'Graphs', '#node-metrics'],
  // The simulated driver opens no consoles: the tab says so.
  ['/console', 'Console', 'main .alert'],
  ['/networking', 'Networking', '#addresses'],
  ['/firewalls', 'Firewalls', '#node-firewalls'],
  ['/power', 'Power', '#power'],
  ['/settings', 'Settings', '#node-access'],
  ['/delete', 'Delete', '#delete'],
] as const

const url = (tab: string) => `/ui/nodes/${node.id}${tab}`

beforeAll(async () => {
  d = await adminDashboard({ NODEPLANE_POWER_SECONDS: '0' })
  node = (await d.client.post('/nodes', { name: 'tabbed', labels: { env: 'tabs' } })).body
  await d.client.get(`/nodes/${node.id}?wait_for=running`)
  // A second address, so the Networking tab has a Detach besides the automatic IPv4's.
  expect(
    (await d.client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: 'auto-ipv6' })).status
  ).toBeLessThan(300)
  const fw = await d.client.post('/api/v1/firewalls', {
    name: 'tabs-fw',
    apply_to: [{ type: 'label_selector', selector: 'env=tabs' }],
  })
  expect(fw.status).toBe(201)
})
afterAll(() => d?.close())
screenshotEachTest('node-tabs', () => d?.page)

const currentTab = (page: Page) =>
  page.locator('nav[aria-label="Node"] a[aria-current="page"]').allTextContents()

describe('Node Details tabs', () => {
  it('each tab has its own URL and shows its content with JavaScript off', async () => {
    const context = await d.browser.newContext({
      baseURL: d.server.url,
      viewport: LAPTOP,
      javaScriptEnabled: false,
    })
    try {
      const page = await context.newPage()
      await login(page, ADMIN_EMAIL, d.password)
      for (const [path, label, content] of TABS) {
        const answer = await page.goto(url(path))
        expect([path, answer!.status()]).toEqual([path, 200])
        expect([path, await currentTab(page)]).toEqual([path, [label]])
        expect([path, await page.locator(content).first().isVisible()]).toEqual([path, true])
        // Only this tab's content: the Overview's connection box is on the Overview alone.
        if (path !== '')
          expect([path, await page.locator('#connection').count()]).toEqual([path, 0])
      }
      // The tab bar is plain links.
      await page.goto(url(''))
      await submitWith(page, page.getByRole('link', { name: 'Power', exact: true }))
      expect(new URL(page.url()).pathname).toBe(url('/power'))
      // An action asks on its page and is done, all without script.
      await submitWith(page, page.locator('#power').getByRole('button', { name: 'Reboot' }))
      expect(new URL(page.url()).pathname).toBe(url('/confirm-power/reboot'))
      await submitWith(page, page.getByRole('button', { name: 'Reboot', exact: true }))
      expect(new URL(page.url()).pathname).toBe(url('/power'))
      await expect(page.getByRole('status').first().textContent()).resolves.toContain(
        'is rebooting'
      )
      await eventually(async () =>
        (await d.client.get(`/nodes/${node.id}`)).body.power_state === 'on' ? true : undefined
      )
    } finally {
      await context.close()
    }
  })

  it('no tab is taller than a screenful or two at 1366, the Overview under 1,600 px', async () => {
    await d.page.setViewportSize({ width: 1366, height: 900 })
    try {
      for (const [path] of TABS) {
        await d.page.goto(url(path))
        const height = await d.page.evaluate(() => document.documentElement.scrollHeight)
        expect([path, height < 1600]).toEqual([path, true])
        await screenshot(d.page, `node-tabs--${path.slice(1) || 'overview'}-1366`)
      }
    } finally {
      await d.page.setViewportSize(LAPTOP)
    }
  })

  it('no tab scrolls sideways at 390 px, and the tab bar scrolls within itself', async () => {
    await d.page.setViewportSize(PHONE)
    try {
      for (const [path] of TABS) {
        await d.page.goto(url(path))
        const sideways = await d.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth
        )
        expect([path, sideways]).toEqual([path, 0])
        await screenshot(d.page, `node-tabs--${path.slice(1) || 'overview'}-390`)
      }
      // The last tab can be reached on a phone: it scrolls into view within the bar.
      const last = d.page.getByRole('link', { name: 'Delete', exact: true })
      await last.scrollIntoViewIfNeeded()
      await expect(last.isVisible()).resolves.toBe(true)
    } finally {
      await d.page.setViewportSize(LAPTOP)
    }
  })

  it('no button on any tab opens a native dialog; actions ask on confirmation pages', async () => {
    const dialogs: string[] = []
    const dismiss = (dialog: { message(): string; dismiss(): Promise<void> }) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    }
    d.page.on('dialog', dismiss)
    try {
      for (const [path] of TABS) {
        await d.page.goto(url(path))
        await expect(d.page.locator('[data-confirm]').count()).resolves.toBe(0)
        const buttons = d.page.locator('main button:not([disabled])')
        const count = await buttons.count()
        for (let i = 0; i < count; i++) {
          await d.page.goto(url(path))
          const button = buttons.nth(i)
          const before = d.page.url()
          await button.click()
          // A button that leads away has loaded its page; the others (copy, reveal) stay.
          await d.page.waitForLoadState()
          await d.page.waitForTimeout(200)
          if (d.page.url() !== before)
            await expect(d.page.locator('[data-confirm]').count()).resolves.toBe(0)
        }
      }
      expect(dialogs).toEqual([])
    } finally {
      d.page.off('dialog', dismiss)
    }
    // The dangerous ones only asked: the node is still there and on.
    expect((await d.client.get(`/nodes/${node.id}`)).body).toMatchObject({
      status: 'running',
      power_state: 'on',
    })
  })

  it('the Detach button asks on a page naming the address; an address the node lacks is not found', async () => {
    await d.page.goto(url('/networking'))
    const v6 = (await d.page
      .locator('#addresses tbody tr', { hasText: 'IPv6' })
      .locator('td')
      .first()
      .textContent())!
    await submitWith(d.page, d.page.getByRole('button', { name: `Detach ${v6}` }))
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Detach ${v6} from node tabbed (${node.id})?`
    )
    const answer = await d.page.goto(`${url('/confirm-detach')}?ip=192.0.2.77%2F32`)
    expect(answer!.status()).toBe(404)
  })

  it("another account's node is not found on any tab", async () => {
    await createTestUser(d.server.dataDir, 'tab-stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'tab-stranger@example.com')).key
    )
    const theirs = (await stranger.post('/nodes', { name: 'their-tabs' })).body.id as string
    for (const [path] of TABS) {
      const answer = await d.page.goto(`/ui/nodes/${theirs}${path}`)
      expect([path, answer!.status()]).toEqual([path, 404])
      await expect(d.page.content()).resolves.not.toContain('their-tabs')
    }
    const detach = await d.page.goto(`/ui/nodes/${theirs}/confirm-detach?ip=203.0.113.1%2F32`)
    expect(detach!.status()).toBe(404)
  })
})

describe('The header on a phone', () => {
  it('is under 80 px tall at 390, with the navigation behind a Menu button that works without script', async () => {
    await d.page.setViewportSize(PHONE)
    try {
      for (const path of ['/ui/nodes', url(''), url('/power')]) {
        await d.page.goto(path)
        const box = (await d.page.locator('header.top').boundingBox())!
        expect([path, box.height < 80]).toEqual([path, true])
      }
      await expect(
        d.page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Firewalls' })
          .isVisible()
      ).resolves.toBe(false)
      await d.page.locator('header summary', { hasText: 'Menu' }).click()
      const nav = d.page.getByRole('navigation', { name: 'Main' })
      await submitWith(d.page, nav.getByRole('link', { name: 'Firewalls' }))
      expect(new URL(d.page.url()).pathname).toBe('/ui/firewalls')
      await screenshot(d.page, 'node-tabs--header-390')
    } finally {
      await d.page.setViewportSize(LAPTOP)
    }
    // On a laptop the navigation is in the bar, with no Menu button.
    await d.page.goto('/ui/nodes')
    await expect(d.page.locator('header summary').isVisible()).resolves.toBe(false)
    await expect(
      d.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Firewalls' })
        .isVisible()
    ).resolves.toBe(true)
  })
})
