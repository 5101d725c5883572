import { Hono } from 'hono'
import { discoverHosts } from '../compute-hosts/compute-hosts.service.js'
import { DiscoveryQuery } from '../compute-hosts/compute-hosts.schema.js'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import { ProblemAlert } from './components/ui.js'
import { invalidRequest, sessionOf, type DashEnv } from './context.js'
import { FILTERS, Results, SearchForm, type Filters } from './hosts.view.js'
import { inventoryPlaces } from './nodes.data.js'
import { renderPage } from './render.js'

/** `/ui/hosts`: the discovery search as a form, with the same filters as `GET /api/v1/compute`. */
export function hostsRoutes(deps: Deps) {
  const app = new Hono<DashEnv>()
  app.get('/ui/hosts', async (c) => {
    sessionOf(c)
    // Empty fields of the GET form are left out, as an API caller would leave them out.
    const f: Filters = {}
    for (const name of [...FILTERS, 'page'] as const) {
      const value = c.req.query(name)?.trim()
      if (value) f[name] = value
    }
    const parsed = DiscoveryQuery.safeParse(f)
    const places = await inventoryPlaces(deps)
    const problem: ProblemError | undefined = parsed.success
      ? undefined
      : invalidRequest(parsed.error.issues)
    const body = (
      <>
        <h1>Compute hosts</h1>
        <p class="muted">
          Bare-metal hosts a node can be placed on, cheapest first. The same search is public at{' '}
          <code>GET /api/v1/compute</code>.
        </p>
        <SearchForm f={f} regions={places.regions} datacenters={places.datacenters} />
        {problem && <ProblemAlert problem={problem} />}
        {parsed.success && <Results f={f} result={await discoverHosts(deps, parsed.data)} />}
      </>
    )
    return renderPage(c, { title: 'Compute hosts', nav: 'hosts', status: problem?.status, body })
  })
  return app
}
