import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  startDashboard,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'

let d: Dashboard
let client: ReturnType<typeof api>
let keyId: string

beforeAll(async () => {
  d = await startDashboard()
  const key = await createTestKey(d.server.dataDir)
  keyId = key.id
  client = api(d.server.url, key.key)
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('activity', () => d?.page)

describe('Activity page', () => {
  it("lists the account's events newest first with who did them, and filters by type", async () => {
    const vpc = (await client.post('/api/v1/networking', { name: 'watched' })).body
    await d.page.goto('/ui/activity')
    const rows = d.page.locator('table.events tbody tr')
    await expect(rows.first().textContent()).resolves.toContain('vpc.created')
    await expect(rows.first().textContent()).resolves.toContain(`key ${keyId} from 127.0.0.1`)
    // The dashboard login of this test is on record as the user's.
    await expect(d.page.getByText('login.succeeded').count()).resolves.toBeGreaterThan(0)

    await d.page.getByLabel('Event', { exact: true }).selectOption('vpc.created')
    await d.page.getByRole('button', { name: 'Filter' }).click()
    await d.page.waitForURL(/type=vpc.created/)
    const types = await d.page.locator('table.events tbody tr td:nth-child(2)').allTextContents()
    expect(types.length).toBeGreaterThan(0)
    expect(new Set(types)).toEqual(new Set(['vpc.created']))
    await expect(d.page.getByRole('link', { name: vpc.id }).count()).resolves.toBe(1)
  })

  it("shows a node's own events on its details page", async () => {
    const node = (await client.post('/nodes')).body
    await client.get(`/nodes/${node.id}?wait_for=running`)
    await d.page.goto(`/ui/nodes/${node.id}`)
    const types = await d.page.locator('#node-events tbody tr td:nth-child(2)').allTextContents()
    expect(types).toEqual(['node.running', 'public_ip.attached', 'node.created'])
  })
})
