import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { inProductOrder, withUnionTypes } from './openapi-order.js'
import type { AppEnv } from './router.js'

const DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'nodeplane Compute Node Service',
    version: '1.0.0',
    description:
      'Compute nodes, public IPs, VPC networks and compute host discovery. Errors are RFC 9457 problem+json. ' +
      'Authenticate with `Authorization: Bearer <API key>`; discovery is public.',
  },
}

/** The OpenAPI 3.1 document generated from the routes' zod schemas, in the product's order. */
export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return inProductOrder(withUnionTypes(app.getOpenAPI31Document(DOCUMENT)))
}

// The reference page's script ships in an npm package and is served from here, so /docs
// works on a machine with no internet access.
const require = createRequire(import.meta.url)
let scalarScript: string | undefined
function scalarBundle(): string {
  scalarScript ??= readFileSync(
    require.resolve('@scalar/api-reference/browser/standalone.js'),
    'utf8'
  )
  return scalarScript
}

/**
 * The reference page's settings: nothing leaves the server and nothing sells a service. Left
 * to its defaults, Scalar loads its fonts from fonts.scalar.com, routes "Try it" through
 * proxy.scalar.com, shows an "Ask AI" agent that queries api.scalar.com's registry, a
 * toolbar of Deploy / Share / Configure on a localhost URL, and reports telemetry.
 */
const REFERENCE = {
  url: '/openapi.json',
  cdn: '/docs/scalar.js',
  pageTitle: 'nodeplane API',
  // The dashboard's icon; without one the browser asks for /favicon.ico and logs its 404.
  favicon: '/ui/static/logo.svg',
  withDefaultFonts: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  telemetry: false,
  // The document's order is the product's (openapi-order.ts): Scalar keeps it unless sorted.
  defaultOpenFirstTag: true,
} as const

/** Serves `/openapi.json` and the interactive reference at `/docs`. */
export function mountOpenApi(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from Developer Settings or `nodeplane keys create`',
  })
  // Built on the first request, when every router is mounted; the routes do not change after.
  let document: ReturnType<typeof openApiDocument> | undefined
  app.get('/openapi.json', (c) => c.json((document ??= openApiDocument(app))))
  app.get('/docs/scalar.js', (c) =>
    c.body(scalarBundle(), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    })
  )
  // The page's module is loaded on the first visit: most servers are never asked for it.
  let page: MiddlewareHandler | undefined
  app.get('/docs', async (c, next) => {
    if (!page) {
      const { Scalar } = await import('@scalar/hono-api-reference')
      page = Scalar(REFERENCE)
    }
    return page(c, next)
  })
}
