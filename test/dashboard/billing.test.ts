import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminDashboard,
  LAPTOP,
  PHONE,
  screenshot,
  screenshotEachTest,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api, eventually } from '../helpers/http.js'

let d: AdminDashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  d = await adminDashboard()
  client = d.client
})
afterAll(() => d?.close())
screenshotEachTest('billing', () => d?.page)

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('Billing page', () => {
  it('offers a next step when nothing was billed yet', async () => {
    await d.page.goto('/ui/billing')
    await expect(d.page.getByText('No node was billed this month').isVisible()).resolves.toBe(true)
    await expect(d.page.locator('[data-figure="rate"]').textContent()).resolves.toContain(
      '0.0000 USD/hour'
    )
  })

  it('shows the month so far per node and per day, and the rate of the nodes billed now', async () => {
    const kept = (await client.post('/nodes', { name: 'kept' })).body
    const gone = (await client.post('/nodes', { name: 'gone' })).body
    expect((await client.delete(`/nodes/${gone.id}`)).status).toBe(204)
    // Its teardown finishes in the background: wait for it, as the page shows what is final.
    await eventually(async () =>
      (await client.get(`/nodes/${gone.id}`)).status === 404 ? true : undefined
    )
    await d.page.goto('/ui/billing')
    const usage = (await client.get('/api/v1/usage')).body
    const price = (id: string) =>
      Number(usage.nodes.find((n: { node_id: string }) => n.node_id === id).hourly_price)

    // The rate counts only the node still billed, at its locked price.
    const rate = await d.page.locator('[data-figure="rate"]').textContent()
    expect(rate).toContain(`${price(kept.id).toFixed(4)} USD/hour`)
    expect(rate).toContain(`${(price(kept.id) * 730).toFixed(2)} USD/month`)

    const rows = d.page.locator('[data-node-id]')
    await expect(rows.count()).resolves.toBe(2)
    await expect(d.page.locator(`[data-node-id="${gone.id}"]`).textContent()).resolves.toContain(
      'deleted'
    )
    await expect(d.page.getByRole('link', { name: 'kept' }).getAttribute('href')).resolves.toBe(
      `/ui/nodes/${kept.id}`
    )

    // One bar and one table row per UTC day of the month so far; the days add up to the month.
    const today = new Date().getUTCDate()
    await expect(d.page.locator('svg.chart rect').count()).resolves.toBe(today)
    const daily = (await d.page.locator('details tbody td.num').allTextContents()).map(Number)
    expect(daily).toHaveLength(today)
    const month = Number(
      (await d.page.locator('[data-figure="month"]').textContent())!.split(' ')[0]
    )
    expect(Math.abs(sum(daily) - month)).toBeLessThan(0.01)
    // The month shows as many places as the per-node costs it adds up, not 0.00 beside 0.000243.
    const places = (text: string | null) => text!.trim().split(' ')[0]!.split('.')[1]!.length
    const nodeCost = d.page.locator(`[data-node-id="${kept.id}"] td.num`).last()
    expect(places(await d.page.locator('[data-figure="month"]').textContent())).toBe(
      places(await nodeCost.textContent())
    )
    const hours = d.page.locator(`[data-node-id="${kept.id}"] td[data-label="Hours billed"]`)
    expect(Number(await hours.textContent())).toBeGreaterThan(0)
    expect(month).toBeGreaterThanOrEqual(0)
  })

  it('fits a phone and a laptop', async () => {
    for (const size of [PHONE, LAPTOP]) {
      await d.page.setViewportSize(size)
      await d.page.goto('/ui/billing')
      const overflow = await d.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      expect(overflow).toBeLessThanOrEqual(0)
      await screenshot(d.page, `billing--${size.width}`)
    }
    await d.page.setViewportSize(LAPTOP)
  })
})
