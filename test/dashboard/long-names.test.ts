import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  login,
  PHONE,
  rowMenu,
  screenshot,
  startDashboard,
  type Dashboard,
} from '../helpers/browser.js'
import { sqlQuery } from '../helpers/database.js'
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
let nodeId: string
let webhookId: string

beforeAll(async () => {
  // Made first: a 4096-bit key takes seconds on a busy machine, and between two requests the
  // server may close the client's idle keep-alive connection just as it is reused.
  const publicKey = generateKey('rsa', { bits: 4096 }).publicKey
  // The webhook's target is this machine (a closed port): its deliveries fail and are listed.
  d = await startDashboard({ NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' })
  await login(d.page, ADMIN_EMAIL, d.password)
  const client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
  webhookId = (
    await client.post('/api/v1/webhooks', {
      url: `http://127.0.0.1:9/${'h'.repeat(63)}/${'p'.repeat(63)}`,
      description: 'd'.repeat(255),
    })
  ).body.id
  const vpc = (
    await client.post('/api/v1/networking', { name: LONGEST_VPC, description: 'd'.repeat(200) })
  ).body
  vpcId = vpc.id
  const node = (await client.post('/nodes', { name: LONGEST_NODE, vpc_id: vpc.id })).body
  nodeId = node.id
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
      public_key: publicKey,
    })
  ).body.id
  // An API key's name comes from the dashboard's form (up to 100 characters).
  await d.page.goto('/ui/settings/keys')
  await d.page.locator('#key-name').fill(LONGEST_NODE)
  await d.page.getByRole('button', { name: 'Create key' }).click()
  await d.page.locator('#new-key').waitFor()
  // Hosts come from the operator's catalog: the cheapest, first in the list, gets long names.
  await sqlQuery(
    d.server.dataDir,
    'UPDATE compute_hosts SET hostname = $1, datacenter = $2 WHERE id = ' +
      '(SELECT id FROM compute_hosts ORDER BY hourly_price, id LIMIT 1)',
    [LONGEST_NODE, 'd'.repeat(63)]
  )
})
afterAll(() => d?.close())

/** How far the page scrolls sideways: 0 when everything fits the window's width. */
const sideways = () =>
  d.page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)

/**
 * Table boxes and cells whose content is wider than they are (a table's box scrolls, a
 * card's value spills out): none when every long name wraps or is cut with an ellipsis.
 */
const overflowing = () =>
  d.page.evaluate(() =>
    [...document.querySelectorAll('.table-scroll, th, td')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.tagName} ${box.textContent.trim().slice(0, 50)}`)
  )

/** Cells of card tables whose data-label (a card's label) is not their column's heading. */
const mislabelled = () =>
  d.page.evaluate(() =>
    [...document.querySelectorAll('table.cards')].flatMap((table) => {
      const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent.trim())
      return [...table.querySelectorAll('tbody tr')].flatMap((row) =>
        [...row.children]
          .filter((cell, i) => cell.getAttribute('data-label') !== headings[i])
          .map((cell) => `${cell.getAttribute('data-label')} in ${table.className}`)
      )
    })
  )

/** Cards' labels with no value beside them (a shown cell with nothing in it). */
const bareLabels = () =>
  d.page.evaluate(() =>
    [...document.querySelectorAll('table.cards td')]
      .filter((cell) => cell.checkVisibility() && cell.childNodes.length === 0)
      .map((cell) => cell.getAttribute('data-label'))
  )

/** Every page with a list table, and the detail pages with tables of their own. */
const PAGES: [string, () => string][] = [
  ['nodes', () => '/ui/nodes'],
  ['vpcs', () => '/ui/vpcs'],
  ['firewalls', () => '/ui/firewalls'],
  ['hosts', () => '/ui/hosts'],
  ['activity', () => '/ui/activity'],
  ['billing', () => '/ui/billing'],
  ['settings-keys', () => '/ui/settings/keys'],
  ['settings-ssh-keys', () => '/ui/settings/ssh-keys'],
  ['settings-webhooks', () => '/ui/settings/webhooks'],
  ['firewall', () => `/ui/firewalls/${firewallId}`],
  ['webhook', () => `/ui/settings/webhooks/${webhookId}`],
]

describe('tables hold the longest names', () => {
  for (const [label, size] of [
    ['1366', SMALL_LAPTOP],
    ['390', PHONE],
  ] as const) {
    for (const [name, path] of PAGES) {
      it(`${name} at ${label} px: no sideways scroll, no cell overflows, cards labelled`, async () => {
        await d.page.setViewportSize(size)
        await d.page.goto(path())
        await screenshot(d.page, `long-names--${name}--${label}`)
        expect(await d.page.locator('table').count()).toBeGreaterThan(0)
        expect(await sideways()).toBeLessThanOrEqual(0)
        expect(await overflowing()).toEqual([])
        expect(await mislabelled()).toEqual([])
        // Every table is a card table: one card per row on a phone, nothing to scroll.
        expect(await d.page.locator('table:not(.cards)').count()).toBe(0)
        if (size === PHONE) expect(await bareLabels()).toEqual([])
      })
    }
  }

  for (const [name, path, label] of [
    ['nodes', '/ui/nodes', LONGEST_NODE],
    ['vpcs', '/ui/vpcs', LONGEST_VPC],
    ['settings-keys', '/ui/settings/keys', LONGEST_NODE],
    ['settings-ssh-keys', '/ui/settings/ssh-keys', LONGEST_NODE],
  ] as const) {
    it(`${name} at 390 px: a card's open row menu stays within the card`, async () => {
      await d.page.setViewportSize(PHONE)
      await d.page.goto(path)
      await rowMenu(d.page, label).click()
      const items = d.page.locator('details[data-row-menu][open] .row-menu-items')
      const box = (await items.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
      expect(await sideways()).toBeLessThanOrEqual(0)
      expect(await overflowing()).toEqual([])
      await screenshot(d.page, `long-names--${name}--390-menu-open`)
    })
  }

  // Its heading, breadcrumb and delete button hold the whole name too.
  for (const [label, size] of [
    ['1366', SMALL_LAPTOP],
    ['390', PHONE],
  ] as const) {
    it(`the node's tabs at ${label} px: no sideways scroll, no cell overflows, cards labelled`, async () => {
      await d.page.setViewportSize(size)
      // The Overview has the events table, Networking the addresses'; Delete the named button.
      for (const [tab, tables] of [
        ['', 1],
        ['/networking', 1],
        ['/power', 0],
        ['/settings', 0],
        ['/delete', 0],
      ] as const) {
        await d.page.goto(`/ui/nodes/${nodeId}${tab}`)
        await screenshot(d.page, `long-names--node${tab.replace('/', '-')}--${label}`)
        expect([tab, (await sideways()) <= 0]).toEqual([tab, true])
        expect([tab, await d.page.locator('table.cards').count()]).toEqual([tab, tables])
        expect([tab, await overflowing()]).toEqual([tab, []])
        expect([tab, await mislabelled()]).toEqual([tab, []])
        expect(await d.page.locator('table:not(.cards)').count()).toBe(0)
      }
    })
  }

  for (const [name, path] of [
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
