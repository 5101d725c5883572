import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netnsNames } from '../../server/provisioning/network/names.js'
import { engineUnavailable, purge } from '../engines/_engines.js'
import { adminDashboard, screenshotEachTest, type AdminDashboard } from '../helpers/browser.js'

// User data runs only on a driver whose nodes are real machines; netns is the lightest.
const unavailable = await engineUnavailable('netns')
if (unavailable) console.warn(`Node Details user data on netns skipped: ${unavailable}`)

let d: AdminDashboard

describe.skipIf(unavailable)('Node Details: user data run on a real node (netns)', () => {
  beforeAll(async () => {
    d = await adminDashboard({
      NODEPLANE_DRIVER: 'netns',
      // The admin's account is the operator's, but say it: only it may have netns nodes.
      NODEPLANE_NETNS_ALLOW_TENANTS: 'true',
      NODEPLANE_HEALTH_SECONDS: '1',
    })
  })
  afterAll(async () => {
    const dataDir = d?.server.dataDir
    await d?.close()
    if (dataDir) await purge(netnsNames(dataDir))
  })
  screenshotEachTest('node-user-data', () => d?.page)

  it('shows a failing script turn failed by itself, with its exit code and its output as text', async () => {
    const script =
      '#!/bin/sh\nsleep 3\necho "<script>document.title=\'pwned\'</script><b>bold</b>"\necho oops >&2\nexit 3\n'
    const node = (await d.client.post('/nodes', { name: 'scripted', user_data: script })).body
    // The user data's result is on the Settings tab, beside the user data itself.
    await d.page.goto(`/ui/nodes/${node.id}/settings`)
    const title = await d.page.title()
    const section = d.page.locator('#user-data')
    await expect(section.locator('.badge-ud-failed').count()).resolves.toBe(0)
    // The page was opened before the script ended: the section is re-read when it does.
    await section.locator('.badge-ud-failed').waitFor({ timeout: 60_000 })
    await expect(section.locator('dl.fields dd').first().textContent()).resolves.toBe('3')
    const output = section.locator('pre.output')
    await expect(output.textContent()).resolves.toBe(
      "<script>document.title='pwned'</script><b>bold</b>\noops\n"
    )
    await expect(output.locator('script, b').count()).resolves.toBe(0)
    await expect(d.page.title()).resolves.toBe(title)
    // The Overview's recent events have it.
    await d.page.goto(`/ui/nodes/${node.id}`)
    await expect(d.page.locator('#node-events').textContent()).resolves.toContain(
      'node.user_data_finished'
    )
  })
})
