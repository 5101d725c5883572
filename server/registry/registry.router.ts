/**
 * The provider registry's routes: service discovery at `/.well-known/terraform.json` and the
 * `providers.v1` endpoints under `/v1/providers/`. Public, as Terraform sends no key, and not
 * in the API's OpenAPI document: their shapes are Terraform's, not nodeplane's.
 * @module
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { limitRate } from '../http/limits.js'
import { publicBase } from '../http/public-url.js'
import type { AppEnv } from '../http/router.js'
import { createRegistry } from './registry.service.js'
import { releaseSource, type ReleaseSource } from './release-source.js'

const PROVIDERS = '/v1/providers/'
const NODEPLANE = `${PROVIDERS}nodeplane/nodeplane`

/**
 * `source` is the one `nodeplane serve` starts building; without it (the OpenAPI generator)
 * the registry serves only what is already built.
 */
export function registryRouter(deps: Deps, source?: ReleaseSource) {
  const registry = createRegistry(deps, source ?? releaseSource(deps.config, deps.log))
  const app = new Hono<AppEnv>()
  // Anonymous and each archive some 55 MB: a client address gets so many requests a minute.
  const limited = limitRate(deps.config.registryRateLimit)
  app.use('/.well-known/terraform.json', limited)
  app.use(`${PROVIDERS}*`, limited)
  app.get('/.well-known/terraform.json', (c) => c.json({ 'providers.v1': PROVIDERS }))
  app.get(`${NODEPLANE}/versions`, async (c) => c.json(await registry.versions()))
  app.get(`${NODEPLANE}/:version/download/:os/:arch`, async (c) => {
    const { version, os, arch } = c.req.param()
    const files = `${publicBase(c, deps.config)}${NODEPLANE}/files`
    return c.json(await registry.download(version, os, arch, files))
  })
  app.get(`${NODEPLANE}/files/:name`, async (c) => {
    const file = await registry.file(c.req.param('name'))
    return c.body(file.body as Uint8Array<ArrayBuffer> | ReadableStream, 200, {
      'Content-Type': file.type,
      'Content-Length': String(file.bytes),
    })
  })
  return app
}
