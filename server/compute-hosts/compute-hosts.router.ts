import type { Deps } from '../deps.js'
import { optionalKey } from '../http/auth.js'
import { limitRate } from '../http/limits.js'
import { createRouter } from '../http/router.js'
import * as routes from './compute-hosts.routes.js'
import { discoverHosts, getHost, listRegions } from './compute-hosts.service.js'

/** Compute host discovery, the one public endpoint group. */
export function computeHostsRouter(deps: Deps) {
  const router = createRouter()
  router.use(
    routes.discover.getRoutingPath(),
    optionalKey(deps),
    limitRate(deps.config.discoveryRateLimit)
  )
  router.use(
    routes.getOne.getRoutingPath(),
    optionalKey(deps),
    limitRate(deps.config.discoveryRateLimit)
  )
  router.use(
    routes.regions.getRoutingPath(),
    optionalKey(deps),
    limitRate(deps.config.discoveryRateLimit)
  )
  return router
    .openapi(routes.regions, async (c) => c.json(await listRegions(deps), 200))
    .openapi(routes.discover, async (c) =>
      c.json(await discoverHosts(deps, c.req.valid('query')), 200)
    )
    .openapi(routes.getOne, async (c) => c.json(await getHost(deps, c.req.valid('param').id), 200))
}
