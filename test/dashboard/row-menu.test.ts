import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminDashboard,
  acceptNextDialog,
  PHONE,
  rowMenu,
  screenshot,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'

let d: AdminDashboard
let nodeId: string

beforeAll(async () => {
  d = await adminDashboard({ NODEPLANE_PROVISION_SECONDS: '0' })
  nodeId = (await d.client.post('/nodes', { name: 'menu-node' })).body.id
})
afterAll(() => d?.close())
screenshotEachTest('row-menu', () => d?.page)

const focusedText = () => d.page.evaluate(() => document.activeElement?.textContent?.trim())
const clipboard = () => d.page.evaluate(() => navigator.clipboard.readText())

/** Tabs forward until the element with this text has focus; fails after `limit` presses. */
async function tabTo(text: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if ((await focusedText()) === text) return
    await d.page.keyboard.press('Tab')
  }
  throw new Error(`never reached ${text}; focus is on ${await focusedText()}`)
}

describe('Row actions menu', () => {
  it('opens on the nodes table with the keyboard and copies the node id', async () => {
    await d.page.goto('/ui/nodes')
    const menu = d.page.locator('details[data-row-menu]')
    await expect(menu.getAttribute('open')).resolves.toBeNull()
    await tabTo('Actions for menu-node')
    await d.page.keyboard.press('Enter')
    await expect(menu.getAttribute('open')).resolves.toBe('')
    await d.page.keyboard.press('Tab')
    expect(await focusedText()).toBe('Details')
    await d.page.keyboard.press('Tab')
    expect(await focusedText()).toBe('Copy id')
    await d.page.keyboard.press('Enter')
    await eventually(async () => ((await clipboard()) === nodeId ? true : undefined))
    await eventually(async () =>
      (await d.page.locator('#announcer').textContent())?.includes('Copied') ? true : undefined
    )
  })

  it('closes on Escape with focus back on its control, and leads to the node details', async () => {
    await d.page.keyboard.press('Escape')
    await expect(d.page.locator('details[data-row-menu]').getAttribute('open')).resolves.toBeNull()
    expect(await focusedText()).toBe('Actions for menu-node')
    await d.page.keyboard.press('Space')
    await d.page.keyboard.press('Tab')
    await Promise.all([d.page.waitForURL(`**/ui/nodes/${nodeId}`), d.page.keyboard.press('Enter')])
  })

  it('delete goes to a confirmation naming the node, which cancels or deletes', async () => {
    await d.page.goto('/ui/nodes')
    await rowMenu(d.page, 'menu-node').click()
    await d.page.getByRole('link', { name: 'Delete…' }).click()
    await d.page.waitForURL(`**/ui/nodes/${nodeId}/confirm-delete`)
    await expect(d.page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Delete node menu-node (${nodeId})?`
    )
    await expect(d.page.locator('main').textContent()).resolves.toContain('destroyed irrecoverably')
    await d.page.getByRole('link', { name: 'Cancel and keep the node' }).click()
    await d.page.waitForURL(`**/ui/nodes/${nodeId}`)
    expect((await d.client.get(`/nodes/${nodeId}`)).status).toBe(200)

    await d.page.goto(`/ui/nodes/${nodeId}/confirm-delete`)
    // The page is the question: the button deletes without a second dialog.
    let dialogs = 0
    d.page.on('dialog', () => void dialogs++)
    await submitWith(
      d.page,
      d.page.getByRole('button', { name: `Delete node menu-node (${nodeId})` })
    )
    expect(dialogs).toBe(0)
    expect(new URL(d.page.url()).pathname).toBe('/ui/nodes')
    await expect(d.page.getByRole('status').first().textContent()).resolves.toContain(
      'is being deleted'
    )
    const after = await d.client.get(`/nodes/${nodeId}`)
    expect(after.status === 404 || after.body.status === 'deleting').toBe(true)
  })

  it("another account's node has no confirmation page", async () => {
    await createTestUser(d.server.dataDir, 'stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const theirs = (await stranger.post('/nodes', { name: 'theirs' })).body.id as string
    const res = await d.page.goto(`/ui/nodes/${theirs}/confirm-delete`)
    expect(res!.status()).toBe(404)
    await expect(d.page.getByText('theirs').count()).resolves.toBe(0)
    expect((await stranger.get(`/nodes/${theirs}`)).status).toBe(200)
  })

  it('copies a VPC id and deletes after the dialog; API keys have the same menu', async () => {
    const vpc = (await d.client.post('/api/v1/networking', { name: 'menu-vpc' })).body
    await d.page.goto('/ui/vpcs')
    await rowMenu(d.page, 'menu-vpc').click()
    await d.page.locator(`#vpc-${vpc.id}`).getByRole('button', { name: 'Copy id' }).click()
    await eventually(async () => ((await clipboard()) === vpc.id ? true : undefined))
    const dialog = acceptNextDialog(d.page)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Delete VPC menu-vpc' }))
    await expect(dialog).resolves.toBe('Delete VPC menu-vpc?')
    expect((await d.client.get(`/api/v1/networking/${vpc.id}`)).status).toBe(404)

    await d.page.goto('/ui/settings/keys')
    await rowMenu(d.page, 'test read_write').click()
    await d.page.locator('tr[data-key-id]').getByRole('button', { name: 'Copy id' }).click()
    await eventually(async () => ((await clipboard())?.startsWith('key_') ? true : undefined))
    await expect(
      d.page.getByRole('button', { name: 'Revoke key test read_write' }).isVisible()
    ).resolves.toBe(true)
  })

  it('holds at phone width, open', async () => {
    await d.client.post('/nodes', { name: 'x'.repeat(63) })
    await d.page.setViewportSize(PHONE)
    await d.page.goto('/ui/nodes')
    await rowMenu(d.page, 'x'.repeat(63)).click()
    const fits = await d.page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth
    )
    expect(fits).toBe(true)
    await expect(d.page.getByRole('button', { name: 'Copy id' }).first().isVisible()).resolves.toBe(
      true
    )
    await screenshot(d.page, 'row-menu--nodes-phone-open')
  })
})
