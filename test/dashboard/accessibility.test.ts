import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOneTimeUser, createTestKey } from '../helpers/accounts.js'
import {
  ADMIN_EMAIL,
  LAPTOP,
  login,
  openPage,
  PHONE,
  rowMenu,
  screenshot,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

/** axe-core, the accessibility engine browsers' own audits use, run inside the page. */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[] }[]
}

let d: Dashboard
/** A page to audit: its name, its path and, optionally, what to do on it first. */
let pages: [string, string, ((page: Dashboard['page']) => Promise<void>)?][]

beforeAll(async () => {
  d = await startDashboard()
  await login(d.page, ADMIN_EMAIL, d.password)
  const client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
  const vpc = (
    await client.post('/api/v1/networking', { name: 'audited', labels: { env: 'prod' } })
  ).body
  const key = (
    await client.post('/api/v1/ssh-keys', {
      name: 'audited key',
      labels: { owner: 'ada' },
      public_key: generateKey('ed25519').publicKey,
    })
  ).body
  const node = (
    await client.post('/nodes', {
      name: 'audited',
      vpc_id: vpc.id,
      labels: { env: 'prod', tier: 'web' },
      ssh_keys: [key.id],
      user_data: '#!/bin/sh\necho audited\n',
    })
  ).body
  const firewall = (
    await client.post('/api/v1/firewalls', {
      name: 'audited firewall',
      labels: { team: 'edge' },
      rules: [
        { direction: 'in', protocol: 'tcp', port: '443', source_ips: ['0.0.0.0/0'] },
        { direction: 'in', protocol: 'icmp', source_ips: ['10.0.0.0/8'], description: 'ping' },
      ],
      apply_to: [{ type: 'label_selector', selector: 'env=prod' }],
    })
  ).body
  const submit = (button: string) => async (page: Dashboard['page']) => {
    await submitWith(page, page.getByRole('button', { name: button }))
  }
  pages = [
    ['nodes', '/ui/nodes'],
    ['create-node', '/ui/nodes/new'],
    [
      'create-node-refused',
      '/ui/nodes/new',
      async (page) => {
        await page.getByRole('switch', { name: 'Password login for root' }).uncheck()
        await page.getByLabel('Labels', { exact: true }).fill('env=prod\noops')
        await submit('Create node')(page)
      },
    ],
    ['node-details', `/ui/nodes/${node.id}`],
    ['node-graphs', `/ui/nodes/${node.id}/graphs`],
    ['node-networking', `/ui/nodes/${node.id}/networking`],
    ['node-firewalls', `/ui/nodes/${node.id}/firewalls`],
    ['node-power', `/ui/nodes/${node.id}/power`],
    ['node-settings', `/ui/nodes/${node.id}/settings`],
    ['node-delete', `/ui/nodes/${node.id}/delete`],
    [
      'node-details-refused',
      `/ui/nodes/${node.id}/settings`,
      async (page) => {
        await page.getByLabel('Labels', { exact: true }).fill('env=has space')
        await submit('Save name and labels')(page)
      },
    ],
    ['nodes-filtered', '/ui/nodes?label_selector=env%3Dprod'],
    ['nodes-filter-no-match', '/ui/nodes?label_selector=env%3Dnowhere'],
    ['nodes-filter-malformed', '/ui/nodes?label_selector=env%20in%20(prod'],
    ['node-confirm-delete', `/ui/nodes/${node.id}/confirm-delete`],
    ['node-confirm-power', `/ui/nodes/${node.id}/confirm-power/reboot`],
    ['node-confirm-rebuild', `/ui/nodes/${node.id}/confirm-rebuild`],
    [
      'node-confirm-rebuild-refused',
      `/ui/nodes/${node.id}/confirm-rebuild`,
      async (page) => {
        await page.getByLabel('New user data (optional)').fill('no shebang')
        await submit(`Rebuild node audited (${node.id})`)(page)
      },
    ],
    ['nodes-row-menu-open', '/ui/nodes', (page) => rowMenu(page, 'audited').click()],
    ['activity', '/ui/activity'],
    ['activity-empty', '/ui/activity?resource_id=node_nothing_here'],
    ['vpcs', '/ui/vpcs'],
    ['vpc-edit', `/ui/vpcs/${vpc.id}/edit`],
    [
      'vpc-edit-refused',
      `/ui/vpcs/${vpc.id}/edit`,
      async (page) => {
        await page.getByLabel('Labels', { exact: true }).fill('env=prod\noops')
        await submit('Save VPC')(page)
      },
    ],
    ['firewalls', '/ui/firewalls'],
    ['firewall-details', `/ui/firewalls/${firewall.id}`],
    ['firewall-new', '/ui/firewalls/new'],
    ['firewall-edit', `/ui/firewalls/${firewall.id}/edit`],
    [
      'firewall-refused',
      '/ui/firewalls/new',
      async (page) => {
        await page.getByLabel('Name').fill('refused firewall')
        await page.getByLabel('Rule 1 port').fill('99999')
        await page.getByLabel('Rule 1 source IPs').fill('10.0.0.1/8')
        await page.getByLabel('Label selectors').fill('env in (prod')
        await submit('Create firewall')(page)
      },
    ],
    ['hosts', '/ui/hosts'],
    ['billing', '/ui/billing'],
    ['keys', '/ui/settings/keys'],
    ['ssh-keys', '/ui/settings/ssh-keys'],
    ['ssh-key-edit', `/ui/settings/ssh-keys/${key.id}/edit`],
    [
      'ssh-key-edit-refused',
      `/ui/settings/ssh-keys/${key.id}/edit`,
      async (page) => {
        await page.getByLabel('Labels', { exact: true }).fill('owner=has space')
        await submit('Save SSH key')(page)
      },
    ],
    ['webhooks', '/ui/settings/webhooks'],
    ['account', '/ui/account'],
  ]
})
afterAll(() => d?.close())

/** Serious and critical violations of WCAG 2.1 A and AA on the page as it is now. */
async function seriousViolations(page: Dashboard['page']): Promise<string[]> {
  // Evaluated through the browser's debugging protocol, so the pages' CSP does not apply.
  await page.evaluate(AXE)
  const violations = (await page.evaluate(() =>
    (window as unknown as { axe: { run(o: object): Promise<{ violations: unknown[] }> } }).axe
      .run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
      .then((result) => result.violations)
  )) as Violation[]
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
    )
}

describe('every page, at a laptop and a phone width', () => {
  for (const [label, size] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`has no serious accessibility violation (${label}), with a screenshot of each`, async () => {
      await d.page.setViewportSize(size)
      const found: string[] = []
      for (const [name, path, prepare] of pages) {
        await d.page.goto(path)
        await prepare?.(d.page)
        await screenshot(d.page, `pages--${name}--${size.width}`)
        for (const violation of await seriousViolations(d.page)) found.push(`${path}: ${violation}`)
      }
      expect(found).toEqual([])
    })
  }

  it('has none on the login page either', async () => {
    const { context, page } = await openPage(d.browser, d.server.url)
    await page.goto('/ui/login')
    await screenshot(page, 'pages--login--1280')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it("has none on the first login's password change, at both widths", async () => {
    const password = await createOneTimeUser(d.server.dataDir, 'first-login@example.com')
    const { context, page } = await openPage(d.browser, d.server.url)
    await login(page, 'first-login@example.com', password)
    expect(new URL(page.url()).pathname).toBe('/ui/account/new-password')
    for (const size of [LAPTOP, PHONE]) {
      await page.setViewportSize(size)
      await screenshot(page, `pages--new-password--${size.width}`)
      expect(await seriousViolations(page)).toEqual([])
    }
    await context.close()
  })
})
