import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NodeSize } from '../../server/nodes/nodes.schema.js'
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
type Box = { x: number; y: number; width: number; height: number }

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

/** What the node bought, as the API says. */
async function sizeOf(id: string): Promise<NodeSize> {
  const size = (await d.client.get(`/nodes/${id}`)).body.size as NodeSize | undefined
  if (!size) throw new Error(`node ${id} has no size`)
  return size
}

/** The time axis' labels under a graph, and where each is drawn. */
async function axisLabels(graph: Locator): Promise<{ text: string; box: Box }[]> {
  const labels = graph.locator('.metric-axis text')
  const found = []
  for (let i = 0; i < (await labels.count()); i++) {
    const label = labels.nth(i)
    found.push({ text: (await label.textContent())!, box: (await label.boundingBox())! })
  }
  return found
}

/** An hour of the 5-minute averages the week reads (made by the sampler's rollup). */
async function storeRollups(id: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000 / 300) * 300
  for (let i = 12; i > 0; i--) {
    await sqlQuery(
      d.server.dataDir,
      'INSERT INTO node_metrics (node_id, step, at, cpu, memory_bytes, disk_bytes, in_bps, out_bps) ' +
        'VALUES ($1, 300, $2, $3, $4, $5, $6, $7)',
      [id, now - i * 300, 500, 64 * 1024 ** 2, 900 * 1024 ** 2, 8000, 16_000]
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
      const cores = (await sizeOf(id)).cpu_cores
      await expect(cpu.locator('p').textContent()).resolves.toContain(
        `CPU: now 98%, peak 98% (of ${cores * 100}% for ${cores} core`
      )
      await expect(section.locator('[data-metric="memory"] p').textContent()).resolves.toContain(
        '64 MiB'
      )
      const box = (await cpu.locator('svg[role="img"]').boundingBox())!
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
      await expect(d.page.locator('#node-metrics svg[role="img"]').count()).resolves.toBe(4)
    } finally {
      await d.page.setViewportSize(LAPTOP)
    }
  })
})

describe("Node Details: metrics a new node's owner can read", () => {
  it('draws the whole hour with a labelled time axis, the ten minutes of data at its right', async () => {
    const id = await runningNode('graphs-axis')
    await storeSamples(id)
    await d.page.goto(`/ui/nodes/${id}/graphs`)
    const cpu = d.page.locator('#node-metrics [data-metric="cpu"]')
    const labels = await axisLabels(cpu)
    // Every 10 minutes across the hour, but for a tick too close to an edge to be labelled.
    expect(labels.length).toBeGreaterThanOrEqual(5)
    expect(labels.length).toBeLessThanOrEqual(6)
    for (const label of labels) expect(label.text).toMatch(/^\d\d:\d\d$/)
    const minutes = labels.map(({ text }) => Number(text.slice(3)))
    for (const minute of minutes) expect(minute % 10).toBe(0)
    // The labels run along the graph, left to right, and stay inside it.
    const graph = (await cpu.locator('svg[role="img"]').boundingBox())!
    for (const [i, { box }] of labels.entries()) {
      expect(box.x).toBeGreaterThanOrEqual(graph.x - 1)
      expect(box.x + box.width).toBeLessThanOrEqual(graph.x + graph.width + 1)
      expect(box.y).toBeGreaterThanOrEqual(graph.y + graph.height - 1)
      if (i > 0) expect(box.x).toBeGreaterThan(labels[i - 1]!.box.x + labels[i - 1]!.box.width)
    }
    // The line starts ten minutes before the window's end: five sixths across, not at 0.
    const path = await cpu.locator('svg[role="img"] path').getAttribute('d')
    const firstX = Number(/^M([\d.]+) /.exec(path!)![1])
    expect(firstX / 320).toBeGreaterThan(0.8)
    expect(firstX / 320).toBeLessThan(0.86)
    await expect(cpu.locator('p').textContent()).resolves.toContain('the last hour, times in UTC')
  })

  it("scales memory to the node's memory and disk to its disk, not to their peaks", async () => {
    const id = await runningNode('graphs-scale')
    await storeSamples(id)
    const size = await sizeOf(id)
    await d.page.goto(`/ui/nodes/${id}/graphs`)
    const section = d.page.locator('#node-metrics')
    await expect(section.locator('[data-metric="memory"] p').textContent()).resolves.toBe(
      `Memory: now 64 MiB, peak 64 MiB (of ${size.memory_gb} GB, the last hour, times in UTC)`
    )
    await expect(section.locator('[data-metric="disk"] p').textContent()).resolves.toBe(
      `Disk: now 900 MiB, peak 900 MiB (of ${size.storage_gb} GB, the last hour, times in UTC)`
    )
    // 64 MiB of the node's memory is a line near the bottom, not the top of the graph.
    const path = await section.locator('[data-metric="memory"] svg path').getAttribute('d')
    const y = Number(/ ([\d.]+)$/.exec(path!)![1])
    expect(y).toBeCloseTo(90 - (90 * 64) / (size.memory_gb * 1024), 0)
    // The network has no size to be scaled to: its peak, with room above it.
    await expect(section.locator('[data-metric="network"] p').textContent()).resolves.toContain(
      'scale top'
    )
  })

  it('keeps the axis labels apart on a phone, for the day and the week too (dates)', async () => {
    const id = await runningNode('graphs-phone')
    await storeSamples(id)
    await storeRollups(id)
    await d.page.setViewportSize(PHONE)
    try {
      for (const range of ['hour', 'day', 'week']) {
        await d.page.goto(`/ui/nodes/${id}?metrics=${range}`)
        const graph = d.page.locator('#node-metrics [data-metric="memory"]')
        const labels = await axisLabels(graph)
        expect(labels.length).toBeGreaterThanOrEqual(range === 'week' ? 2 : 5)
        if (range === 'week')
          for (const { text } of labels) expect(text).toMatch(/^[A-Z][a-z]{2} \d+$/)
        for (const [i, { box }] of labels.entries())
          if (i > 0) expect(box.x).toBeGreaterThan(labels[i - 1]!.box.x + labels[i - 1]!.box.width)
      }
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
