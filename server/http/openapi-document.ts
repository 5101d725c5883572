import { createApp } from '../app.js'
import type { Deps } from '../deps.js'
import { openApiDocument } from './openapi.js'

/**
 * The OpenAPI document as committed under docs/api/. Routes use their dependencies only
 * while answering requests, so an app built without any describes itself all the same.
 */
export function openApiDocumentText(): string {
  return `${JSON.stringify(openApiDocument(createApp({} as Deps)), null, 2)}\n`
}
