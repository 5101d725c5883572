import { describe, expect, it } from 'vitest'
import { refusedTarget } from '../../server/webhooks/target.js'

describe('webhook targets', () => {
  it('refuses loopback, private, link-local and documentation addresses unless allowed', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://[::1]/',
      'https://10.1.2.3/',
      'http://169.254.169.254/latest',
      'http://[2001:db8::1]/',
      'http://localhost/',
    ]) {
      expect(await refusedTarget(url, false), url).toMatch(/not a public address/)
      expect(await refusedTarget(url, true), url).toBeUndefined()
    }
  })

  it('accepts a public address', async () => {
    expect(await refusedTarget('https://8.8.8.8/hook', false)).toBeUndefined()
  })
})
