import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  acceptNextDialog,
  adminDashboard,
  rowMenu,
  screenshotEachTest,
  submitWith,
  type AdminDashboard,
} from '../helpers/browser.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'

let d: AdminDashboard
let client: ReturnType<typeof api>
let keyA: { id: string; name: string }
let keyB: { id: string; name: string }
let node: { id: string; created_at: string; reachable_at: string }

const addKey = async (name: string) =>
  (await client.post('/api/v1/ssh-keys', { name, public_key: generateKey('ed25519').publicKey }))
    .body

beforeAll(async () => {
  d = await adminDashboard()
  client = d.client
  keyA = await addKey('key-a')
  keyB = await addKey('key-b')
  const created = await client.post('/nodes', {
    name: 'configured',
    labels: { env: 'prod' },
    ssh_keys: [keyA.id],
    user_data: '#!/bin/sh\necho configured\n',
  })
  node = (await client.get(`/nodes/${created.body.id}?wait_for=user_data&timeout=30`)).body
})
afterAll(() => d?.close())
screenshotEachTest('node-settings', () => d?.page)

// The forms are on the Settings tab; the labels and reachable time show on the Overview.
const page = () => `/ui/nodes/${node.id}/settings`
const overview = () => `/ui/nodes/${node.id}`
const apiNode = async () => (await client.get(`/nodes/${node.id}`)).body
const section = (heading: string) =>
  d.page.locator('section', { has: d.page.getByRole('heading', { name: heading, exact: true }) })
const fieldValue = (term: string) =>
  d.page.locator('dl.fields dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd')

describe('Node Details: labels, SSH access, user data', () => {
  it('shows the labels, the SSH keys by name, the reachable time and the user data status', async () => {
    await d.page.goto(overview())
    await expect(fieldValue('Labels').textContent()).resolves.toBe('env=prod')
    await expect(
      fieldValue('Reachable since').locator('time').getAttribute('datetime')
    ).resolves.toBe(node.reachable_at)
    await d.page.goto(page())
    // Made with a key and no password_login: password login is off by default.
    await expect(section('SSH access').locator('p').first().textContent()).resolves.toContain(
      'Keys: key-a; password login is off'
    )
    // The simulated driver never runs tenant code: the page says so instead of "pending" forever.
    await expect(section('User data').textContent()).resolves.toContain('skipped')
    await expect(section('User data').textContent()).resolves.toContain('was not run')
  })

  it('edits the name and labels in place: same node, new labels, an event', async () => {
    await d.page.goto(page())
    await d.page.getByLabel('Name (optional)').fill('renamed')
    await d.page.getByLabel('Labels', { exact: true }).fill('env=staging\nteam = core\n\n')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save name and labels' }))
    expect(new URL(d.page.url()).pathname).toBe(page())
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Saved the name and labels.'
    )
    const after = await apiNode()
    expect(after).toMatchObject({
      id: node.id,
      created_at: node.created_at,
      status: 'running',
      name: 'renamed',
      labels: { env: 'staging', team: 'core' },
    })
    await d.page.goto(overview())
    await expect(fieldValue('Labels').textContent()).resolves.toBe('env=stagingteam=core')
    const events = (await client.get(`/api/v1/events?resource_id=${node.id}&type=node.updated`))
      .body
    expect(events.events.length).toBeGreaterThan(0)
  })

  it('removes the name when the field is emptied and the labels when the box is', async () => {
    await d.page.goto(page())
    await d.page.getByLabel('Name (optional)').fill('')
    await d.page.getByLabel('Labels', { exact: true }).fill('')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save name and labels' }))
    expect(await apiNode()).toMatchObject({ name: null, labels: {} })
    await d.page.goto(overview())
    await expect(fieldValue('Labels').textContent()).resolves.toBe('none')
  })

  it('refuses a bad label naming its key, keeps what was typed and changes nothing', async () => {
    await client.request('PATCH', `/nodes/${node.id}`, { json: { labels: { keep: 'me' } } })
    await d.page.goto(page())
    await d.page.getByLabel('Labels', { exact: true }).fill('keep=me\nenv=has space')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save name and labels' }))
    const alert = section('Name and labels').getByRole('alert')
    await expect(alert.textContent()).resolves.toContain('Label “env”:')
    await expect(d.page.getByLabel('Labels', { exact: true }).inputValue()).resolves.toBe(
      'keep=me\nenv=has space'
    )
    await d.page.getByLabel('Labels', { exact: true }).fill('keep=me\nno equals sign')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save name and labels' }))
    await expect(alert.textContent()).resolves.toContain(
      'line 2 (“no equals sign”) is not key=value'
    )
    expect((await apiNode()).labels).toEqual({ keep: 'me' })
  })

  it('changes the SSH keys and password login of the running node', async () => {
    await d.page.goto(page())
    const access = section('SSH access')
    await access.getByRole('checkbox', { name: 'key-a' }).uncheck()
    await access.getByRole('checkbox', { name: 'key-b' }).check()
    await access.getByRole('switch', { name: 'Password login for root' }).uncheck()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save SSH access' }))
    await expect(d.page.getByRole('status').textContent()).resolves.toContain(
      'Saved SSH access: 1 key, password login off.'
    )
    expect(await apiNode()).toMatchObject({
      id: node.id,
      ssh_keys: [keyB.id],
      password_login: false,
      status: 'running',
    })
    await expect(section('SSH access').locator('p').first().textContent()).resolves.toContain(
      'Keys: key-b; password login is off'
    )
  })

  it('refuses to delete a key the node uses, naming the node, on the SSH keys page', async () => {
    await d.page.goto('/ui/settings/ssh-keys')
    const dialog = acceptNextDialog(d.page)
    await rowMenu(d.page, 'key-b').click()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Delete SSH key key-b' }))
    await dialog
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(node.id)
    expect((await client.get(`/api/v1/ssh-keys/${keyB.id}`)).status).toBe(200)
  })

  it('refuses password login off without a key and keeps the choice on the page', async () => {
    await d.page.goto(page())
    const access = section('SSH access')
    await access.getByRole('checkbox', { name: 'key-b' }).uncheck()
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save SSH access' }))
    await expect(section('SSH access').getByRole('alert').textContent()).resolves.toContain(
      'Password login:'
    )
    await expect(
      section('SSH access').getByRole('checkbox', { name: 'key-b' }).isChecked()
    ).resolves.toBe(false)
    expect(await apiNode()).toMatchObject({ ssh_keys: [keyB.id], password_login: false })
  })

  it('shows SSH key names as text, never as markup', async () => {
    const name = '<img src=x onerror="document.title=1">'
    await addKey(name)
    await d.page.goto(page())
    await expect(
      section('SSH access').getByRole('checkbox', { name, exact: true }).count()
    ).resolves.toBe(1)
    await expect(section('SSH access').locator('img').count()).resolves.toBe(0)
  })

  it("answers 404 for another account's node and changes nothing", async () => {
    await createTestUser(d.server.dataDir, 'stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const theirs = (await stranger.post('/nodes', { labels: { owner: 'stranger' } })).body
    await d.page.goto(page())
    const answered = d.page.waitForResponse((res) => res.url().endsWith(`/${theirs.id}/labels`))
    await d.page.evaluate((id) => {
      const form = document.createElement('form')
      form.method = 'post'
      form.action = `/ui/nodes/${id}/labels`
      const token = document.querySelector('meta[name="csrf-token"]')!.getAttribute('content')!
      form.innerHTML = `<input type="hidden" name="_csrf" value="${token}"><input name="labels" value="owner=admin">`
      document.body.append(form)
      form.submit()
    }, theirs.id)
    expect((await answered).status()).toBe(404)
    expect((await stranger.get(`/nodes/${theirs.id}`)).body.labels).toEqual({ owner: 'stranger' })
  })

  it('refuses a settings post without the CSRF token', async () => {
    await d.page.goto(page())
    const res = await d.page.request.post(`${page()}/labels`, { form: { labels: 'forged=yes' } })
    expect(res.status()).toBe(403)
    expect((await apiNode()).labels).toEqual({ keep: 'me' })
  })
})

describe('Node Management: label selector', () => {
  beforeAll(async () => {
    for (const [name, labels] of [
      ['sel-web', { env: 'prod', tier: 'web' }],
      ['sel-api', { env: 'prod', tier: 'api', legacy: 'yes' }],
      ['sel-dev', { env: 'dev' }],
    ] as const)
      await client.post('/nodes', { name, labels })
  })

  const shownNames = async () =>
    (await d.page.locator('tr[data-node-id] td:first-child a').allTextContents()).sort()

  it('filters the table, shows each node its labels, and the filter is a link', async () => {
    await d.page.goto('/ui/nodes')
    await d.page.getByLabel('Filter by labels').fill('env=prod,tier in (web,api),!legacy')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Filter' }))
    expect(new URL(d.page.url()).searchParams.get('label_selector')).toBe(
      'env=prod,tier in (web,api),!legacy'
    )
    expect(await shownNames()).toEqual(['sel-web'])
    await expect(
      d.page.locator('tr[data-node-id]').first().locator('.label-chip').allTextContents()
    ).resolves.toEqual(['env=prod', 'tier=web'])
    await d.page.goto('/ui/nodes?label_selector=' + encodeURIComponent('env!=prod'))
    expect(await shownNames()).toContain('sel-dev')
    expect(await shownNames()).not.toContain('sel-api')
    await d.page.getByRole('link', { name: 'Show all nodes' }).click()
    await d.page.waitForURL((url) => url.search === '')
    expect(await shownNames()).toEqual(expect.arrayContaining(['sel-api', 'sel-dev', 'sel-web']))
  })

  it('says when nothing matches, and names a malformed selector', async () => {
    await d.page.goto('/ui/nodes?label_selector=env%3Dnowhere')
    await expect(d.page.getByText('No node matches this filter.').isVisible()).resolves.toBe(true)
    const answer = await d.page.goto(
      '/ui/nodes?label_selector=' + encodeURIComponent('env in (prod')
    )
    expect(answer?.status()).toBe(400)
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain('Filter by labels:')
    await expect(d.page.getByLabel('Filter by labels').inputValue()).resolves.toBe('env in (prod')
  })
})

describe('VPC and SSH key lists', () => {
  it('show each VPC and key its labels', async () => {
    const vpc = (
      await client.post('/api/v1/networking', { name: 'labelled-vpc', labels: { env: 'prod' } })
    ).body
    await client.post('/api/v1/ssh-keys', {
      name: 'labelled-key',
      public_key: generateKey('ed25519').publicKey,
      labels: { owner: 'ada' },
    })
    await d.page.goto('/ui/vpcs')
    await expect(d.page.locator(`#vpc-${vpc.id} .label-chip`).allTextContents()).resolves.toEqual([
      'env=prod',
    ])
    await d.page.goto('/ui/settings/ssh-keys')
    const row = d.page.locator('tbody tr', {
      has: d.page.getByText('labelled-key', { exact: true }),
    })
    await expect(row.locator('.label-chip').allTextContents()).resolves.toEqual(['owner=ada'])
  })
})
