import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminDashboard, screenshotEachTest, type AdminDashboard } from '../helpers/browser.js'
import { eventually } from '../helpers/http.js'

let d: AdminDashboard

beforeAll(async () => {
  // Teardown takes a few seconds, so the page can be seen through deleting and then gone.
  d = await adminDashboard({ NODEPLANE_PROVISION_SECONDS: '0', NODEPLANE_TEARDOWN_SECONDS: '2' })
})
afterAll(() => d?.close())
screenshotEachTest('node-deleted-elsewhere', () => d?.page)

async function runningNode(name: string): Promise<string> {
  const id = (await d.client.post('/nodes', { name })).body.id as string
  await eventually(async () =>
    (await d.client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined
  )
  return id
}

const notice = () => d.page.locator('#node-gone')

describe('A node page whose node is deleted elsewhere', () => {
  it('says so in its live region, with a link back to the nodes, without a reload', async () => {
    const id = await runningNode('doomed')
    await d.page.goto(`/ui/nodes/${id}`)
    await expect(notice().getAttribute('aria-live')).resolves.toBe('assertive')
    await expect(notice().textContent()).resolves.toBe('')
    // A reload would drop this marker.
    await d.page.evaluate(() => ((window as unknown as { marker: number }).marker = 7))

    expect((await d.client.delete(`/nodes/${id}`)).status).toBe(204)
    await notice().getByText('This node was deleted elsewhere.').waitFor()
    await expect(d.page.locator('h1 [data-field="state"]').textContent()).resolves.toBe('deleting')
    await notice().getByText('no longer exists').waitFor({ timeout: 15_000 })
    await expect(
      d.page.evaluate(() => (window as unknown as { marker: number }).marker)
    ).resolves.toBe(7)

    await d.page.getByRole('link', { name: 'Back to your nodes' }).first().click()
    await d.page.waitForURL('**/ui/nodes')
    await expect(d.page.getByRole('link', { name: 'doomed', exact: true }).count()).resolves.toBe(0)
  })

  it('stays quiet when its node changes in other ways', async () => {
    const id = await runningNode('kept')
    await d.page.goto(`/ui/nodes/${id}`)
    const polls = () =>
      d.server.logs.filter((line) => line.msg === 'request' && line.path === '/ui/api/nodes').length
    await eventually(async () => (polls() > 0 ? true : undefined))
    const before = polls()
    expect(
      (await d.client.post(`/api/v1/nodes/${id}/network/ip`, { ip: 'auto-ipv6' })).status
    ).toBeLessThan(300)
    // The held request answers at the attach's event; the page has seen it.
    await eventually(async () => (polls() > before ? true : undefined))
    await expect(notice().textContent()).resolves.toBe('')
    await expect(d.page.locator('h1 [data-field="state"]').textContent()).resolves.toBe('running')
  })
})
