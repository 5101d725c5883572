import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SELECTOR_BYTES } from '../../server/firewalls/firewall-rules.js'
import { testCallers, type Caller } from '../helpers/callers.js'
import type { Reply } from '../helpers/http.js'
import { selectorTargets as selectors } from '../helpers/selectors.js'
import { startServer, type TestServer } from '../helpers/server.js'

// What one tenant's firewalls may cost the server: the selector byte cap and the paged list.
let server: TestServer
let client: Caller
let stranger: Caller

beforeAll(async () => {
  server = await startServer()
  ;({ client, stranger } = await testCallers(server))
})
afterAll(() => server.stop())

const fieldsOf = (body: { errors?: { field: string }[] }) =>
  (body.errors ?? []).map((error) => error.field)
const ids = (items: { id: string }[]) => items.map((item) => item.id)

/** Follows the `Link: <...>; rel="next"` headers from `path` and returns every page's ids. */
async function allPages(caller: Caller, path: string): Promise<string[][]> {
  const pages: string[][] = []
  for (let next: string | undefined = path; next;) {
    const res: Reply<{ id: string }[]> = await caller.get(next)
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    pages.push(ids(res.body))
    next = res.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1]
  }
  return pages
}

describe('selector bytes of a firewall', () => {
  // 16 selectors of 1,024 bytes: exactly the cap.
  const atCap = selectors(16, MAX_SELECTOR_BYTES / 16)

  it('takes selectors that total the cap exactly', async () => {
    const res = await client.post('/api/v1/firewalls', { name: 'at-cap', apply_to: atCap })
    expect(res.status).toBe(201)
    expect(res.body.apply_to).toEqual(atCap)
    expect((await client.delete(`/api/v1/firewalls/${res.body.id}`)).status).toBe(204)
  })

  it('refuses one byte more with 400 naming apply_to, and stores nothing', async () => {
    const over = [...atCap, { type: 'label_selector', selector: 'x' }]
    const before = (await client.get('/api/v1/firewalls')).body
    const res = await client.post('/api/v1/firewalls', { name: 'over-cap', apply_to: over })
    expect([res.status, res.headers.get('content-type'), fieldsOf(res.body)]).toEqual([
      400,
      'application/problem+json',
      ['apply_to'],
    ])
    expect(res.body.errors[0].message).toContain(`at most ${MAX_SELECTOR_BYTES} bytes`)
    expect((await client.get('/api/v1/firewalls')).body).toEqual(before)
  })

  it('refuses a PATCH over the cap and keeps the old apply_to', async () => {
    const made = await client.post('/api/v1/firewalls', {
      name: 'patched',
      apply_to: [{ type: 'label_selector', selector: 'role=web' }],
    })
    try {
      const over = selectors(17, MAX_SELECTOR_BYTES / 16)
      const res = await client.request('PATCH', `/api/v1/firewalls/${made.body.id}`, {
        json: { apply_to: over },
      })
      expect([res.status, fieldsOf(res.body)]).toEqual([400, ['apply_to']])
      expect((await client.get(`/api/v1/firewalls/${made.body.id}`)).body).toEqual(made.body)
    } finally {
      await client.delete(`/api/v1/firewalls/${made.body.id}`)
    }
  })
})

describe('GET /api/v1/firewalls in pages', () => {
  let mine: string[]
  let theirs: string[]
  beforeAll(async () => {
    const make = async (caller: Caller, name: string) =>
      (await caller.post('/api/v1/firewalls', { name, labels: { team: name.slice(0, 1) } })).body
        .id as string
    mine = []
    theirs = []
    for (let i = 0; i < 5; i++) {
      mine.push(await make(client, `a${i}`))
      theirs.push(await make(stranger, `b${i}`))
    }
  })
  afterAll(async () => {
    for (const id of mine) await client.delete(`/api/v1/firewalls/${id}`)
    for (const id of theirs) await stranger.delete(`/api/v1/firewalls/${id}`)
  })

  it('answers every firewall without limit, with no Link header', async () => {
    const res = await client.get('/api/v1/firewalls')
    expect(ids(res.body)).toEqual(mine)
    expect(res.headers.get('link')).toBeNull()
  })

  it('pages with limit: plain arrays linked by rel="next", together the whole list', async () => {
    expect(await allPages(client, '/api/v1/firewalls?limit=2')).toEqual([
      mine.slice(0, 2),
      mine.slice(2, 4),
      mine.slice(4),
    ])
    // A page that ends exactly at the end names no next page.
    expect(await allPages(client, '/api/v1/firewalls?limit=5')).toEqual([mine])
    expect(await allPages(stranger, '/api/v1/firewalls?limit=3')).toEqual([
      theirs.slice(0, 3),
      theirs.slice(3),
    ])
  })

  it('keeps the filters in the Link of the next page', async () => {
    const res = await client.get('/api/v1/firewalls?limit=1&label_selector=team%3Da')
    expect(ids(res.body)).toEqual([mine[0]])
    const next = new URL(res.headers.get('link')!.match(/^<([^>]+)>/)![1]!, server.url)
    expect(next.searchParams.get('label_selector')).toBe('team=a')
    expect(next.searchParams.get('after')).toBe(mine[0])
  })

  it("refuses another account's firewall as the cursor, as an unknown one", async () => {
    for (const after of [theirs[0], 'fw_aaaaaaaaaaaaaaaaaaaa']) {
      const res = await client.get(`/api/v1/firewalls?limit=2&after=${after}`)
      expect([res.status, res.body.code, fieldsOf(res.body)]).toEqual([
        400,
        'cursor_not_found',
        ['after'],
      ])
    }
  })

  it('refuses after without limit, and limit out of range, naming the field', async () => {
    const noLimit = await client.get(`/api/v1/firewalls?after=${mine[0]}`)
    expect([noLimit.status, fieldsOf(noLimit.body)]).toEqual([400, ['after']])
    for (const limit of ['0', '1001', 'x']) {
      const res = await client.get(`/api/v1/firewalls?limit=${limit}`)
      expect([res.status, fieldsOf(res.body)]).toEqual([400, ['limit']])
    }
  })
})
