import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openApiDocumentText } from '../../server/scripts/openapi-document.js'

describe('docs/api/openapi.json', () => {
  it('matches the document the routes generate (run npm run gen:openapi after API changes)', () => {
    const committed = readFileSync(new URL('../../docs/api/openapi.json', import.meta.url), 'utf8')
    expect(committed).toBe(openApiDocumentText())
  })
})
