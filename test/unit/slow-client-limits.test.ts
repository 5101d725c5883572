import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { slowClientLimits } from '../../server/http/limits.js'

describe('slow client limits', () => {
  it('default to the documented 10 s for headers and 30 s for the whole request, checked every second', () => {
    expect(slowClientLimits(loadConfig({}))).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      connectionsCheckingInterval: 1_000,
    })
  })

  it('follow the environment, and are checked often enough for small values', () => {
    const env = { NODEPLANE_HEADERS_TIMEOUT_SECONDS: '0.5', NODEPLANE_REQUEST_TIMEOUT_SECONDS: '2' }
    expect(slowClientLimits(loadConfig(env))).toEqual({
      headersTimeout: 500,
      requestTimeout: 2_000,
      connectionsCheckingInterval: 50,
    })
  })

  it('refuse a headers timeout longer than the request timeout, which Node would reject', () => {
    const env = { NODEPLANE_HEADERS_TIMEOUT_SECONDS: '40', NODEPLANE_REQUEST_TIMEOUT_SECONDS: '30' }
    expect(() => loadConfig(env)).toThrow(/NODEPLANE_HEADERS_TIMEOUT_SECONDS: must not exceed/)
  })
})
