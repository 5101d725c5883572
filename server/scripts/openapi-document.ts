import { createApp } from '../app.js'
import { loadConfig } from '../config.js'
import type { Deps } from '../deps.js'
import { openApiDocument } from '../http/openapi.js'

/**
 * The OpenAPI document as committed under docs/api/. Routes read only the config while being
 * built and use the other dependencies while answering requests, so an app built with the
 * default config alone describes itself all the same.
 */
export function openApiDocumentText(): string {
  const app = createApp({ config: loadConfig({}) } as Deps)
  return `${JSON.stringify(openApiDocument(app), null, 2)}\n`
}
