import { Hono, type MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import type { Deps } from '../deps.js'
import { accountRoutes } from './account.js'
import { activityRoutes } from './activity.js'
import { apiKeysRoutes } from './api-keys.js'
import { billingRoutes } from './billing.js'
import type { DashContext, DashEnv } from './context.js'
import { createNodeRoutes } from './create-node.js'
import { requireCsrfToken } from './csrf.js'
import { PAGE_CSP } from './csp.js'
import { dashboardNotFound, dashboardOnError } from './errors.js'
import { firewallEditRoutes } from './firewall-edit.js'
import { firewallsRoutes } from './firewalls.js'
import { hostsRoutes } from './hosts.js'
import { loginRoutes } from './login.js'
import { nodeAddressRoutes } from './node-addresses.js'
import { nodeConsoleRoutes } from './node-console.js'
import { nodeDeleteRoutes } from './node-delete.js'
import { nodeDetailsRoutes } from './node-details.js'
import { nodePowerRoutes } from './node-power.js'
import { nodeRebuildRoutes } from './node-rebuild.js'
import { nodeSettingsRoutes } from './node-settings.js'
import { nodesRoutes } from './nodes.js'
import { newPasswordRoutes, requireChosenPassword } from './new-password.js'
import { loadSession, rememberPublicBase, requireLogin } from './session.js'
import { sshKeyEditRoutes } from './ssh-key-edit.js'
import { sshKeysRoutes } from './ssh-keys.js'
import { mountStatic } from './static.js'
import { vpcEditRoutes } from './vpc-edit.js'
import { vpcsRoutes } from './vpcs.js'
import { webhooksRoutes } from './webhooks.js'

const pageHeaders: MiddlewareHandler<DashEnv> = async (c, next) => {
  await next()
  // A page may name a policy of its own (the Console tab's); the strict one by default.
  if (!c.res.headers.has('Content-Security-Policy'))
    c.res.headers.set('Content-Security-Policy', PAGE_CSP)
  // Pages show secrets (a new key, credentials) and per-user data: never cache them.
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
}

/**
 * The web dashboard, server-rendered with hono/jsx. Every page lives under /ui so that no
 * dashboard path can shadow an API path (`/nodes` is the API's); `/` sends people to it.
 */
export function dashboardRouter(deps: Deps) {
  const app = new Hono<DashEnv>()
  app.onError(dashboardOnError(deps.log))
  mountStatic(app)

  const links = rememberPublicBase(deps.config)
  app.get('/', links, loadSession(deps), (c) =>
    c.redirect(c.get('session') ? '/ui/nodes' : '/ui/login')
  )

  // Origin must be the server's as the browser reaches it (Sec-Fetch-Site: same-origin also passes).
  const sameOrigin = (origin: string, c: DashContext) =>
    origin === new URL(c.get('publicBase') ?? c.req.url).origin
  app.use(
    '/ui/*',
    links,
    pageHeaders,
    loadSession(deps),
    csrf({ origin: sameOrigin }),
    requireCsrfToken
  )
  app.route('/', loginRoutes(deps))
  app.use('/ui/*', requireLogin, requireChosenPassword)
  app.route('/', newPasswordRoutes(deps))
  app.get('/ui', (c) => c.redirect('/ui/nodes'))
  app.route('/', nodesRoutes(deps))
  // Before the node pages: `new` is not a node id.
  app.route('/', createNodeRoutes(deps))
  app.route('/', nodeDetailsRoutes(deps))
  app.route('/', nodeAddressRoutes(deps))
  app.route('/', nodeConsoleRoutes(deps))
  app.route('/', nodeSettingsRoutes(deps))
  app.route('/', nodeDeleteRoutes(deps))
  app.route('/', nodePowerRoutes(deps))
  app.route('/', nodeRebuildRoutes(deps))
  app.route('/', vpcsRoutes(deps))
  app.route('/', vpcEditRoutes(deps))
  // Before the firewall pages: `new` is not a firewall id.
  app.route('/', firewallEditRoutes(deps))
  app.route('/', firewallsRoutes(deps))
  app.route('/', hostsRoutes(deps))
  app.route('/', activityRoutes(deps))
  app.route('/', billingRoutes(deps))
  app.route('/', apiKeysRoutes(deps))
  app.route('/', sshKeysRoutes(deps))
  app.route('/', sshKeyEditRoutes(deps))
  app.route('/', webhooksRoutes(deps))
  app.route('/', accountRoutes(deps))
  app.all('/ui/*', dashboardNotFound)
  return app
}
