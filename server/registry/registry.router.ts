/**
 * The provider registry's routes: service discovery at `/.well-known/terraform.json` and the
 * `providers.v1` endpoints under `/v1/providers/`. Public, as Terraform sends no key, and not
 * in the API's OpenAPI document: their shapes are Terraform's, not nodeplane's.
 * @module
 */
import { Hono } from 'hono'
import type { Deps } from '../deps.js'
import { publicBase } from '../http/public-url.js'
import { createRegistry } from './registry.service.js'
import { releaseSource } from './release-source.js'

const PROVIDERS = '/v1/providers/'
const NODEPLANE = `${PROVIDERS}nodeplane/nodeplane`

export function registryRouter(deps: Deps) {
  const registry = createRegistry(deps, releaseSource(deps.config, deps.log))
  const app = new Hono()
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
