import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage, screenshot } from '../helpers/browser.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let browser: Browser
let page: Page
// Every request the page made, and what it wrote to its console, from its first load.
const requests: string[] = []
const consoleLines: string[] = []

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  page = (await openPage(browser, server.url)).page
  page.on('request', (request) => requests.push(request.url()))
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
  await page.goto('/docs')
  // The reference renders the document's operations once it has fetched and read it.
  await page.getByText('Create a node').first().waitFor()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('/docs, the API reference', () => {
  it('makes no request that leaves the server', async () => {
    await page.waitForLoadState('networkidle')
    await screenshot(page, 'api-reference')
    const foreign = requests.filter(
      (url) => !url.startsWith(server.url) && !url.startsWith('data:')
    )
    expect(foreign).toEqual([])
    expect(requests).toContain(`${server.url}/openapi.json`)
  })

  it('reads the document without validation errors', () => {
    expect(consoleLines.filter((line) => /validation|error/i.test(line))).toEqual([])
  })

  it('shows no buttons for Scalar services: Ask AI, Deploy, Share, Configure', async () => {
    for (const name of ['Ask AI', 'Deploy', 'Share', 'Configure'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0)
    expect(await page.getByText('Ask AI').count()).toBe(0)
  })

  it('lists the families in product order, creating a node first', async () => {
    // One entry a line: a family's heading, then (for the open first one) its operations.
    const lines = (await page.locator('.references-sidebar').first().innerText())
      .split('\n')
      .map((line) => line.trim())
    const families = [
      'Nodes',
      'Public IPs',
      'VPC networks',
      'Firewalls',
      'SSH keys',
      'Compute hosts',
      'Billing',
      'Events',
      'Webhooks',
    ]
    const at = families.map((family) => lines.indexOf(family))
    expect(
      at.every((index) => index >= 0),
      lines.join(' | ')
    ).toBe(true)
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    const [create, list, powerOff] = ['Create a node', 'List nodes', 'Power a node off'].map(
      (operation) => lines.indexOf(operation)
    )
    expect(create, lines.join(' | ')).toBeGreaterThan(at[0]!)
    expect(create).toBeLessThan(list!)
    expect(list).toBeLessThan(powerOff!)
    expect(powerOff).toBeLessThan(at[1]!)
  })
})
