import { readFileSync } from 'node:fs'
import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'

const committed = () =>
  JSON.parse(readFileSync(new URL('../../docs/api/openapi.json', import.meta.url), 'utf8'))

// The OpenAPI Initiative's JSON Schemas for the document, through ajv: what any client
// generator or reader (the /docs page among them) may expect of it.
async function validate(document: Record<string, unknown>) {
  const validator = new Validator()
  const result = await validator.validate(document)
  return { ...result, version: validator.version }
}

describe('docs/api/openapi.json against the OpenAPI 3.1 schema', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(committed())
    expect(result.errors).toBeUndefined()
    expect(result).toMatchObject({ valid: true, version: '3.1' })
  })

  it('would be refused with a response lacking its description (the check is live)', async () => {
    const document = committed()
    delete document.paths['/nodes'].post.responses['201'].description
    expect((await validate(document)).valid).toBe(false)
  })
})
