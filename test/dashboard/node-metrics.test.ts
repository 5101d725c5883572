import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlQuery } from '../helpers/database.js'
import { eventually } from '../helpers/http.js'
import {
  adminDashboard,
  LAPTOP,
  PHONE,
  screenshotEachTest,
  type AdminDashboard,
} from '../helpers/browser.js'

let d: AdminDashboard

async function runningNode(name: string): Promise<string> {
  const id = (await d.client.post('/nodes', { name })).body.id as string
  await eventually(async () =>
    (await d.client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined
  )
  return id
}

/** Ten minutes of 10-second samples ending now, as the sampler stores them (simulated has none). */
async function storeSamples(id: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000)
  for (let i = 60; i > 0; i--) {
    await sqlQuery(
      d.server.dataDir,
      'INSERT INTO node_metrics (node_id, step, at, cpu, memory_bytes, disk_bytes, in_bps, out_bps) ' +
        'VALUES ($1, 10, $2, $3, $4, $5, $6, $7)',
      [id, now - i * 10, i > 30 ? 500 : 9800, 64 * 1024 ** 2, 900 * 1024 ** 2, 8000, 16_000]
    )
  }
}

beforeAll(async () => {
  d = await adminDashboard()
})
afterAll(() => d?.close())
screenshotEachTest('node-metrics', () => d?.page)

describe('Node Details: metrics', () => {
  it('says there is no data on the simulated driver, in each of the four graphs', async () => {
    const id = await runningNode('graphs-empty')
    await d.page.goto(`/ui/nodes/${id}/graphs`)
    const section = d.page.locator('#node-metrics')
    await expect(section.locator('figure').count()).resolves.toBe(4)
    await expect(section.locator('[data-metric-empty]').count()).resolves.toBe(4)
    await expect(section.locator('svg').count()).resolves.toBe(0)
  })

  it('draws the four graphs with their figures in words, readable at 390 px, for hour, day and week', async () => {
    const id = await runningNode('graphs-full')
    await storeSamples(id)
    await d.page.setViewportSize(PHONE)
    try {
      await d.page.goto(`/ui/nodes/${id}/graphs`)
      const section = d.page.locator('#node-metrics')
      await expect(section.locator('svg[role="img"] path').count()).resolves.toBe(5)
      const cpu = section.locator('[data-metric="cpu"]')
      await expect(cpu.locator('p').textContent()).resolves.toContain(
        'CPU: now 98%, peak 98% (scale top 100%'
      )
      await expect(section.locator('[data-metric="memory"] p').textContent()).resolves.toContain(
        '64 MiB'
      )
      const box = (await cpu.locator('svg').boundingBox())!
      expect(box.width).toBeGreaterThan(300)
      expect(box.width).toBeLessThanOrEqual(390)
      // Nothing makes the phone's page scroll sideways.
      const overflow = await d.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth
      )
      expect(overflow).toBeLessThanOrEqual(0)
      for (const range of ['day', 'week']) {
        await section.getByRole('link', { name: `Last ${range}` }).click()
        await d.page.waitForURL(new RegExp(`metrics=${range}`))
        await expect(
          d.page.locator('#node-metrics [aria-current="true"]').textContent()
        ).resolves.toBe(`Last ${range}`)
      }
      // The samples are less than a day old: the day shows them (the week reads the 5-minute
      // averages, not made yet in this test).
      await d.page.goto(`/ui/nodes/${id}?metrics=day`)
      await expect(d.page.locator('#node-metrics svg').count()).resolves.toBe(4)
    } finally {
      await d.page.setViewportSize(LAPTOP)
    }
  })
})

describe('Node Details: the metrics range in the query', () => {
  it('shows the last hour for a range named after an object property, never a 500', async () => {
    const id = await runningNode('graphs-proto')
    for (const range of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await d.page.goto(`/ui/nodes/${id}?metrics=${range}`)
      expect(answer?.status()).toBe(200)
      // A range link names the Overview, as it did before the tabs: it leads to the Graphs tab.
      expect(new URL(d.page.url()).pathname).toBe(`/ui/nodes/${id}/graphs`)
      await expect(
        d.page.locator('#node-metrics [aria-current="true"]').textContent()
      ).resolves.toBe('Last hour')
    }
  })
})
