import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestUser } from '../helpers/accounts.js'
import {
  adminDashboard,
  login,
  openPage,
  PHONE,
  screenshot,
  screenshotEachTest,
  type AdminDashboard,
} from '../helpers/browser.js'
import { eventually } from '../helpers/http.js'

let d: AdminDashboard

beforeAll(async () => {
  d = await adminDashboard({ NODEPLANE_PROVISION_SECONDS: '0' })
})
afterAll(() => d?.close())
screenshotEachTest('empty-states', () => d?.page)

const empty = () => d.page.locator('[data-empty-state]')

/** Each list before its first item: the sentence, and the control that creates the first one. */
const LISTS: { page: string; title: string; action: string; leadsTo: string; focus?: string }[] = [
  {
    page: '/ui/nodes',
    title: 'You have no nodes yet.',
    action: 'Create your first node',
    leadsTo: '/ui/nodes/new',
  },
  {
    page: '/ui/vpcs',
    title: 'No VPCs yet.',
    action: 'Create your first VPC',
    leadsTo: '/ui/vpcs',
    focus: 'vpc-name',
  },
  {
    page: '/ui/settings/ssh-keys',
    title: 'No SSH keys yet.',
    action: 'Add your first SSH key',
    leadsTo: '/ui/settings/ssh-keys',
    focus: 'ssh-key-name',
  },
  {
    page: '/ui/settings/webhooks',
    title: 'No webhooks yet.',
    action: 'Add your first webhook',
    leadsTo: '/ui/settings/webhooks',
    focus: 'webhook-url',
  },
]

describe('Empty lists', () => {
  for (const list of LISTS) {
    it(`${list.page} says what goes there and offers to create the first one`, async () => {
      await d.page.goto(list.page)
      await expect(empty().count()).resolves.toBe(1)
      await expect(empty().locator('strong').textContent()).resolves.toBe(list.title)
      await empty().getByRole('link', { name: list.action }).click()
      await d.page.waitForURL((url) => url.pathname === list.leadsTo)
      if (list.focus) {
        await eventually(async () =>
          (await d.page.evaluate(() => document.activeElement?.id)) === list.focus
            ? true
            : undefined
        )
      }
    })
  }

  it('the API keys page offers the first key to an account without one, whatever other accounts hold', async () => {
    // The admin's account has the test client's key; a new tenant has none.
    await d.page.goto('/ui/settings/keys')
    await expect(empty().count()).resolves.toBe(0)
    await createTestUser(d.server.dataDir, 'keyless@example.com')
    const { context, page } = await openPage(d.browser, d.server.url)
    try {
      await login(page, 'keyless@example.com', 'correct horse battery staple')
      await page.goto('/ui/settings/keys')
      const state = page.locator('[data-empty-state]')
      await expect(state.locator('strong').textContent()).resolves.toBe('No API keys yet.')
      await state.getByRole('link', { name: 'Create your first API key' }).click()
      await eventually(async () =>
        (await page.evaluate(() => document.activeElement?.id)) === 'key-name' ? true : undefined
      )
    } finally {
      await context.close()
    }
  })

  it('a node without addresses offers to attach one right there', async () => {
    const id = (await d.client.post('/nodes', { name: 'bare' })).body.id as string
    await eventually(async () =>
      (await d.client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined
    )
    // A running node has its first IPv4; detached here, as another client could.
    for (const address of (await d.client.get(`/api/v1/nodes/${id}/network/ip`)).body as {
      ip: string
    }[]) {
      expect(
        (
          await d.client.delete(
            `/api/v1/nodes/${id}/network/ip?ip=${encodeURIComponent(address.ip)}`
          )
        ).status
      ).toBe(200)
    }
    await d.page.goto(`/ui/nodes/${id}/networking`)
    const section = d.page.locator('#addresses')
    await expect(section.locator('[data-empty-state] strong').textContent()).resolves.toBe(
      'No public address is attached.'
    )
    await expect(
      section.locator('[data-empty-state]').getByRole('button', { name: 'Attach IPv6' }).isEnabled()
    ).resolves.toBe(true)
    await d.client.delete(`/nodes/${id}`)
  })

  it('activity with filters that match nothing offers to show every event', async () => {
    await d.page.goto('/ui/activity?resource_id=node_nothing_here')
    await expect(empty().locator('strong').textContent()).resolves.toBe(
      'No event matches these filters.'
    )
    await empty().getByRole('link', { name: 'Show all events' }).click()
    await d.page.waitForURL((url) => url.pathname === '/ui/activity' && url.search === '')
    await expect(empty().count()).resolves.toBe(0)
  })

  it('holds at phone width', async () => {
    await d.page.setViewportSize(PHONE)
    await d.page.goto('/ui/vpcs')
    const fits = await d.page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth
    )
    expect(fits).toBe(true)
    await screenshot(d.page, 'empty-states--vpcs-phone')
  })
})
