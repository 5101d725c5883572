/**
 * @module The Networking tab's forms: attaching a public address, and detaching one after a
 * confirmation page that names it (as every confirmation on Node Details asks, with no pop-up).
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { getNode } from '../nodes/nodes.service.js'
import type { AttachResult } from '../public-ips/public-ips.schema.js'
import { attachIp, detachIp, nodeAddresses } from '../public-ips/public-ips.service.js'
import { PostForm } from './components/ui.js'
import { attempt, field, sessionOf, toFormPage, type DashEnv } from './context.js'
import { dashboardNotFound } from './errors.js'
import { setFlash } from './flash.js'
import { nodeLabel } from './node-details.view.js'
import { nodeTabUrl } from './node-tabs.js'
import { submitOnce } from './once.js'
import { renderPage } from './render.js'

export function nodeAddressRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  const networkingOf = (id: string) => nodeTabUrl(id, 'networking')

  for (const path of ['/ui/nodes/:id/ip', '/ui/nodes/:id/ip/detach'])
    app.get(
      path,
      toFormPage((c) => networkingOf(c.req.param('id') ?? ''))
    )

  app.post('/ui/nodes/:id/ip', async (c) => {
    const id = c.req.param('id')
    const form = await c.req.parseBody()
    const requested = field(form, 'ip') || 'auto'
    const here = networkingOf(id)
    return submitOnce<AttachResult>(deps, c, form, {
      run: (answer) => attachIp(deps, sessionOf(c).user.accountId, id, requested, answer),
      done: (attached) => ({
        location: here,
        flash: `Attached ${attached.ip} (IPv${attached.ipVersion}).`,
      }),
      failed: (problem) => {
        setFlash(c, 'error', problem.message)
        return c.redirect(here, 303)
      },
      pending: {
        location: here,
        flash: 'The address is still being attached; it shows below in a moment.',
      },
    })
  })

  // Asks first on a page of its own; an address the node does not have is not found.
  app.get('/ui/nodes/:id/confirm-detach', async (c) => {
    const session = sessionOf(c)
    const node = await getNode(deps, session.user.accountId, c.req.param('id'))
    const ip = c.req.query('ip') ?? ''
    const addresses = await nodeAddresses(deps, node.id)
    if (!addresses.some((a) => a.ip === ip)) return dashboardNotFound(c)
    const back = networkingOf(node.id)
    const body = (
      <>
        <p class="breadcrumb wrap-anywhere">
          <a href="/ui/nodes">Nodes</a> / <a href={back}>{node.name ?? node.id}</a>
        </p>
        <h1 class="wrap-anywhere">
          Detach {ip} from node {nodeLabel(node)}?
        </h1>
        <p>The node stops answering at this address at once; a later attach may give another.</p>
        <PostForm action={`/ui/nodes/${node.id}/ip/detach`} csrf={session.csrfToken}>
          <input type="hidden" name="ip" value={ip} />
          <div class="actions">
            <button class="danger-button">Detach {ip}</button>
            <a href={back}>Cancel and keep the address</a>
          </div>
        </PostForm>
      </>
    )
    return renderPage(c, { title: `Detach ${ip}`, nav: 'nodes', body })
  })

  app.post('/ui/nodes/:id/ip/detach', async (c) => {
    const id = c.req.param('id')
    const ip = field(await c.req.parseBody(), 'ip') || undefined
    const result = await attempt(() => detachIp(deps, sessionOf(c).user.accountId, id, ip))
    if (result.ok) setFlash(c, 'ok', `Detached ${result.value.ip}.`)
    else setFlash(c, 'error', result.problem.message)
    return c.redirect(networkingOf(id), 303)
  })

  return app
}
