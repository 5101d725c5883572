import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  login,
  PHONE,
  screenshot,
  startDashboard,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

/** The laptop width the dashboard walk used, narrower than the suite's default. */
const SMALL_LAPTOP = { width: 1366, height: 768 }
// No hyphen or space: nothing to break the line at.
const LONGEST_NODE = 'w'.repeat(63)
const LONGEST_VPC = 'Production network of the payments API tier in Frankfurt A-Z..'

let d: Dashboard
let firewallId: string
let vpcId: string
let sshKeyId: string

beforeAll(async () => {
  d = await startDashboard()
  await login(d.page, ADMIN_EMAIL, d.password)
  const client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
  const vpc = (
    await client.post('/api/v1/networking', { name: LONGEST_VPC, description: 'd'.repeat(200) })
  ).body
  vpcId = vpc.id
  const node = (await client.post('/nodes', { name: LONGEST_NODE, vpc_id: vpc.id })).body
  firewallId = (
    await client.post('/api/v1/firewalls', {
      name: LONGEST_NODE,
      labels: { ['k'.repeat(63)]: 'v'.repeat(63) },
      rules: [
        {
          direction: 'in',
          protocol: 'tcp',
          port: '8000-8100',
          source_ips: ['2001:db8:1234:5678:9abc:def0:1234:0/112'],
          description: 'x'.repeat(255),
        },
      ],
      apply_to: [{ type: 'node', node_id: node.id }],
    })
  ).body.id
  await client.post('/nodes', { name: 'short' })
  sshKeyId = (
    await client.post('/api/v1/ssh-keys', {
      name: LONGEST_NODE,
      labels: { ['k'.repeat(63)]: 'v'.repeat(63) },
      public_key: generateKey('rsa', { bits: 4096 }).publicKey,
    })
  ).body.id
})
afterAll(() => d?.close())

/** How far the page scrolls sideways: 0 when everything fits the window's width. */
const sideways = () =>
  d.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('tables hold the longest names', () => {
  for (const [label, size] of [
    ['1366', SMALL_LAPTOP],
    ['390', PHONE],
  ] as const) {
    for (const path of [
      '/ui/nodes',
      '/ui/vpcs',
      '/ui/firewalls',
      '/ui/hosts',
      '/ui/settings/keys',
      '/ui/settings/ssh-keys',
      '/ui/billing',
    ]) {
      it(`${path} at ${label} px: the page never scrolls sideways`, async () => {
        await d.page.setViewportSize(size)
        await d.page.goto(path)
        expect(await sideways()).toBeLessThanOrEqual(0)
        await screenshot(d.page, `long-names--${path.slice(4).replaceAll('/', '-')}--${label}`)
      })
    }
  }

  for (const [name, path] of [
    ['firewall', () => `/ui/firewalls/${firewallId}`],
    ['vpc-edit', () => `/ui/vpcs/${vpcId}/edit`],
    ['ssh-key-edit', () => `/ui/settings/ssh-keys/${sshKeyId}/edit`],
  ] as const) {
    it(`the ${name} page at 390 px: the page never scrolls sideways`, async () => {
      await d.page.setViewportSize(PHONE)
      await d.page.goto(path())
      await screenshot(d.page, `long-names--${name}--390`)
      expect(await sideways()).toBeLessThanOrEqual(0)
    })
  }

  it('keeps "Cost so far" on screen at 1366 px with a 63-character node name, the full name in a tooltip', async () => {
    await d.page.setViewportSize(SMALL_LAPTOP)
    await d.page.goto('/ui/nodes')
    const header = d.page.getByRole('columnheader', { name: 'Cost so far' })
    const box = (await header.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(SMALL_LAPTOP.width)
    await expect(d.page.locator(`[title="${LONGEST_NODE}"]`).count()).resolves.toBeGreaterThan(0)
  })
})
