import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  acceptNextDialog,
  ADMIN_EMAIL,
  login,
  screenshotEachTest,
  rowMenu,
  startDashboard,
  submitWith,
  type Dashboard,
} from '../helpers/browser.js'
import { api, eventually } from '../helpers/http.js'

let d: Dashboard
let client: ReturnType<typeof api>

beforeAll(async () => {
  d = await startDashboard()
  client = api(d.server.url, (await createTestKey(d.server.dataDir)).key)
  await login(d.page, ADMIN_EMAIL, d.password)
})
afterAll(() => d?.close())
screenshotEachTest('vpcs', () => d?.page)

const vpcRow = (name: string) =>
  d.page.locator('tbody tr', { has: d.page.getByText(name, { exact: true }) })
const chips = (name: string) => vpcRow(name).locator('.label-chip').allTextContents()
const labels = () => d.page.getByLabel('Labels', { exact: true })

async function deleteVpc(name: string): Promise<string> {
  await d.page.goto('/ui/vpcs')
  const dialog = acceptNextDialog(d.page)
  await rowMenu(d.page, name).click()
  await submitWith(d.page, d.page.getByRole('button', { name: `Delete VPC ${name}` }))
  return dialog
}

describe('VPCs page', () => {
  let nodeId: string

  it('creates a VPC in a region with labels and lists it with its range', async () => {
    await d.page.goto('/ui/vpcs')
    await expect(d.page.getByText('No VPCs yet.').isVisible()).resolves.toBe(true)
    await d.page.getByLabel('Name').fill('backend')
    await d.page.getByLabel('Region').selectOption('eu-central-1')
    await d.page.getByLabel('Description (optional)').fill('api tier')
    await labels().fill('tier=api\nenv=prod')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create VPC' }))
    await expect(d.page.getByRole('status').textContent()).resolves.toMatch(
      /Created VPC backend \(10\.\d+\.0\.0\/16\)/
    )
    const cells = await vpcRow('backend').locator('td').allTextContents()
    expect(cells[1]).toBe('eu-central-1')
    expect(cells[2]).toMatch(/^10\.\d+\.0\.0\/16$/)
    await expect(chips('backend')).resolves.toEqual(['env=prod', 'tier=api'])
    const listed = (await client.get('/api/v1/networking')).body
    expect(listed.map((v: { name: string }) => v.name)).toEqual(['backend'])
    expect(listed[0].labels).toEqual({ env: 'prod', tier: 'api' })
  })

  it('refuses a duplicate name with the service message', async () => {
    await d.page.getByLabel('Name').fill('backend')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create VPC' }))
    await expect(d.page.getByRole('alert').textContent()).resolves.toContain(
      'a VPC named backend exists'
    )
  })

  it('names a bad labels line beside the box, keeps what was typed and creates nothing', async () => {
    await d.page.getByLabel('Name').fill('frontend')
    await labels().fill('env=prod\noops')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create VPC' }))
    await expect(labels().getAttribute('aria-invalid')).resolves.toBe('true')
    await expect(d.page.locator('#vpc-labels-error').textContent()).resolves.toBe(
      'line 2 (“oops”) is not key=value'
    )
    await expect(d.page.getByLabel('Name').inputValue()).resolves.toBe('frontend')
    await expect(labels().inputValue()).resolves.toBe('env=prod\noops')
    expect((await client.get('/api/v1/networking')).body).toHaveLength(1)
  })

  it('edits the description and labels from the row menu; a bad label changes nothing', async () => {
    await d.page.goto('/ui/vpcs')
    await rowMenu(d.page, 'backend').click()
    await d.page.getByRole('link', { name: 'Edit VPC backend' }).click()
    await d.page.waitForURL('**/edit')
    await expect(labels().inputValue()).resolves.toBe('env=prod\ntier=api')
    await labels().fill('env=staging\nowner=has space')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save VPC' }))
    await expect(d.page.locator('#vpc-labels-error').textContent()).resolves.toMatch(
      /^line 2 \(“owner=has space”\): value /
    )
    const before = (await client.get('/api/v1/networking')).body[0]
    expect(before).toMatchObject({ description: 'api tier', labels: { env: 'prod', tier: 'api' } })

    await d.page.getByLabel('Description (optional)').fill('')
    await labels().fill('env=staging\nowner=ada')
    await submitWith(d.page, d.page.getByRole('button', { name: 'Save VPC' }))
    expect(new URL(d.page.url()).pathname).toBe('/ui/vpcs')
    await expect(d.page.getByRole('status').textContent()).resolves.toContain('Saved VPC backend.')
    await expect(chips('backend')).resolves.toEqual(['env=staging', 'owner=ada'])
    const after = (await client.get(`/api/v1/networking/${before.id}`)).body
    expect(after).toMatchObject({ description: null, labels: { env: 'staging', owner: 'ada' } })
    const events = (await client.get(`/api/v1/events?resource_id=${before.id}`)).body
    expect(events.events.map((e: { type: string }) => e.type)).toContain('vpc.updated')
  })

  it("answers 404 for another account's VPC edit page", async () => {
    await createTestUser(d.server.dataDir, 'stranger@example.com')
    const stranger = api(
      d.server.url,
      (await createTestKey(d.server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const theirs = (await stranger.post('/api/v1/networking', { name: 'their-secret-vpc' })).body
    const res = await d.page.goto(`/ui/vpcs/${theirs.id}/edit`)
    expect(res!.status()).toBe(404)
    await d.page.getByRole('heading', { name: 'Not found' }).waitFor()
    await expect(d.page.content()).resolves.not.toContain('their-secret-vpc')
  })

  it('creates a node in the VPC from the Create node page', async () => {
    await d.page.goto('/ui/nodes/new?region=eu-central-1')
    await d.page.getByLabel('Name (optional)').fill('db-1')
    const vpc = await d.page
      .locator('#new-vpc option', { hasText: /^backend / })
      .getAttribute('value')
    await d.page.getByLabel('VPC').selectOption(vpc)
    await submitWith(d.page, d.page.getByRole('button', { name: 'Create node' }))
    const nodes = (await client.get('/nodes')).body
    expect(nodes).toHaveLength(1)
    expect(nodes[0]).toMatchObject({ name: 'db-1', region: 'eu-central-1' })
    nodeId = nodes[0].id
  })

  it('refuses to delete a VPC with nodes and names the nodes that block it', async () => {
    const message = await deleteVpc('backend')
    expect(message).toBe('Delete VPC backend?')
    const alert = d.page.getByRole('alert')
    await expect(alert.textContent()).resolves.toContain('These nodes block the deletion')
    await expect(alert.getByRole('link', { name: nodeId }).getAttribute('href')).resolves.toBe(
      `/ui/nodes/${nodeId}`
    )
    expect((await client.get('/api/v1/networking')).body).toHaveLength(1)
  })

  it('deletes the VPC once its node is gone', async () => {
    expect((await client.delete(`/nodes/${nodeId}`)).status).toBe(204)
    await eventually(async () =>
      (await client.get(`/nodes/${nodeId}`)).status === 404 ? true : undefined
    )
    await deleteVpc('backend')
    await expect(d.page.getByRole('status').textContent()).resolves.toContain('Deleted the VPC.')
    await expect(vpcRow('backend').count()).resolves.toBe(0)
    expect((await client.get('/api/v1/networking')).body).toEqual([])
  })
})
