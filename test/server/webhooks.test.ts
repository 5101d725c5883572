import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifySignature } from '../../server/webhooks/signature.js'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startReceiver } from '../helpers/receiver.js'
import { startServer, type TestServer } from '../helpers/server.js'

const ENV = {
  NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  NODEPLANE_WEBHOOK_RETRY_BASE_SECONDS: '0.2',
  NODEPLANE_WEBHOOK_MAX_ATTEMPTS: '3',
  NODEPLANE_WEBHOOK_DISABLE_AFTER: '2',
}

let server: TestServer
let client: ReturnType<typeof api>
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  server = await startServer({ env: ENV })
  client = api(server.url, (await createTestKey(server.dataDir)).key)
  receiver = await startReceiver()
})
afterAll(async () => {
  await server?.stop()
  await receiver?.close()
})

type Delivery = {
  id: string
  event_id: number | null
  event_type: string
  status: string
  attempts: number
  attempt_log: { response_status: number | null; error: string | null }[]
}

async function hook(path: string, eventTypes: string[] = ['vpc.created']) {
  const res = await client.post('/api/v1/webhooks', {
    url: receiver.url(path),
    event_types: eventTypes,
  })
  expect(res.status).toBe(201)
  return res.body as { id: string; secret: string }
}

/** The delivery log of a webhook once `done` holds for it. */
async function deliveriesWhen(
  id: string,
  done: (list: Delivery[]) => boolean
): Promise<Delivery[]> {
  return eventually(async () => {
    const list = (await client.get(`/api/v1/webhooks/${id}/deliveries`)).body as Delivery[]
    return done(list) ? list : undefined
  }, 20_000)
}

const now = () => Math.floor(Date.now() / 1000)

describe('/api/v1/webhooks', () => {
  it('creates, lists, reads, changes and deletes a webhook; the secret is shown once', async () => {
    const created = await hook('/crud')
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/)
    const listed = (await client.get('/api/v1/webhooks')).body
    expect(listed.find((w: { id: string }) => w.id === created.id)).toEqual({
      id: created.id,
      url: receiver.url('/crud'),
      description: null,
      event_types: ['vpc.created'],
      enabled: true,
      disabled_reason: null,
      created_at: expect.any(String),
    })
    expect(JSON.stringify(listed)).not.toContain(created.secret)
    const changed = await client.request('PATCH', `/api/v1/webhooks/${created.id}`, {
      json: { event_types: [], description: 'all' },
    })
    expect(changed.body).toMatchObject({ event_types: [], description: 'all' })
    expect((await client.get(`/api/v1/webhooks/${created.id}`)).body.description).toBe('all')
    expect((await client.delete(`/api/v1/webhooks/${created.id}`)).status).toBe(204)
    expect((await client.get(`/api/v1/webhooks/${created.id}`)).status).toBe(404)
  })

  it('answers 400 naming the field for a bad URL, an unknown type or an unknown field', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'ftp://127.0.0.1/x' }, 'url'],
      [{ url: receiver.url('/x'), event_types: ['node.exploded'] }, 'event_types.0'],
      [{ url: receiver.url('/x'), secret: 'mine' }, 'secret'],
    ]
    for (const [body, field] of cases) {
      const res = await client.post('/api/v1/webhooks', body)
      expect(res.status).toBe(400)
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
  })
})

describe('webhook deliveries', () => {
  it('POSTs each matching event signed with the secret, and the delivery log records the answer', async () => {
    const { id, secret } = await hook('/signed')
    const vpc = (await client.post('/api/v1/networking', { name: 'hooked' })).body
    await client.delete(`/api/v1/networking/${vpc.id}`)
    const [delivery] = await deliveriesWhen(id, (list) =>
      list.some((d) => d.status === 'succeeded')
    )
    const [got] = receiver.at('/signed')
    expect(receiver.at('/signed')).toHaveLength(1) // vpc.deleted is not a chosen type
    const event = JSON.parse(got!.body)
    expect(event).toMatchObject({
      type: 'vpc.created',
      resource_id: vpc.id,
      data: { name: 'hooked' },
    })
    expect(got!.headers['content-type']).toBe('application/json')
    expect(got!.headers['nodeplane-event-type']).toBe('vpc.created')
    expect(got!.headers['nodeplane-event-id']).toBe(String(event.id))
    expect(got!.headers['nodeplane-delivery-id']).toBe(delivery!.id)
    const signature = got!.headers['nodeplane-signature']!
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(verifySignature(secret, got!.body, signature, now())).toBe(true)
    expect(delivery).toMatchObject({
      event_id: event.id,
      status: 'succeeded',
      attempts: 1,
      attempt_log: [{ response_status: 200, error: null }],
    })
  })

  it('a wrong verification recipe fails: another secret, the body alone, a changed body, an old timestamp', async () => {
    const { secret } = await hook('/recipes')
    await client.post('/api/v1/networking', { name: 'recipes' })
    const got = await eventually(async () => receiver.at('/recipes')[0])
    const header = got.headers['nodeplane-signature']!
    const [t, v1] = header.split(',').map((part) => part.split('=')[1]!)
    expect(verifySignature(secret, got.body, header, now())).toBe(true)
    expect(verifySignature(`${secret}x`, got.body, header, now())).toBe(false)
    expect(createHmac('sha256', secret).update(got.body).digest('hex')).not.toBe(v1)
    expect(verifySignature(secret, got.body.replace('recipes', 'recipez'), header, now())).toBe(
      false
    )
    expect(verifySignature(secret, got.body, header, Number(t) + 301)).toBe(false)
  })

  it('retries after a 500 with the same delivery, and the log records both answers', async () => {
    receiver.answer('/flaky', 500)
    const { id, secret } = await hook('/flaky')
    await client.post('/api/v1/networking', { name: 'flaky' })
    const [delivery] = await deliveriesWhen(id, (list) => list[0]?.status === 'succeeded')
    expect(delivery!.attempt_log.map((a) => [a.response_status, a.error])).toEqual([
      [500, 'answered 500'],
      [200, null],
    ])
    const [first, second] = receiver.at('/flaky')
    expect(second!.body).toBe(first!.body)
    expect(second!.headers['nodeplane-delivery-id']).toBe(first!.headers['nodeplane-delivery-id'])
    expect(
      verifySignature(secret, second!.body, second!.headers['nodeplane-signature']!, now())
    ).toBe(true)
  })

  it('sends a test event on request', async () => {
    const { id, secret } = await hook('/ping')
    const queued = await client.post(`/api/v1/webhooks/${id}/test`)
    expect(queued.status).toBe(202)
    expect(queued.body).toMatchObject({
      event_type: 'webhook.test',
      event_id: null,
      status: 'pending',
    })
    const got = await eventually(async () => receiver.at('/ping')[0])
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', resource_id: id })
    expect(verifySignature(secret, got.body, got.headers['nodeplane-signature']!, now())).toBe(true)
  })

  it('disables a webhook whose deliveries keep failing, and says why', async () => {
    receiver.answer('/dead', ...Array(6).fill(503))
    const { id } = await hook('/dead')
    await client.post('/api/v1/networking', { name: 'dead-1' })
    await client.post('/api/v1/networking', { name: 'dead-2' })
    const webhook = await eventually(async () => {
      const body = (await client.get(`/api/v1/webhooks/${id}`)).body
      return body.enabled ? undefined : body
    }, 20_000)
    expect(webhook.disabled_reason).toContain('2 deliveries in a row failed')
    const log = (await client.get(`/api/v1/webhooks/${id}/deliveries`)).body as Delivery[]
    expect(log.map((d) => [d.status, d.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ])
    expect((await client.post(`/api/v1/webhooks/${id}/test`)).body.code).toBe('webhook_disabled')
    // Enabled again, it delivers once more.
    expect(
      (await client.request('PATCH', `/api/v1/webhooks/${id}`, { json: { enabled: true } })).body
    ).toMatchObject({ enabled: true, disabled_reason: null })
    await client.post('/api/v1/networking', { name: 'alive-again' })
    await eventually(async () =>
      receiver.at('/dead').some((r) => r.body.includes('alive-again')) ? true : undefined
    )
  })
})

describe('webhook deliveries across a crash', () => {
  it('a delivery waiting for its retry when the server is killed is delivered after the restart', async () => {
    // Retries a few seconds apart, so the kill lands between the attempts.
    const slow = await startServer({ env: { ...ENV, NODEPLANE_WEBHOOK_RETRY_BASE_SECONDS: '4' } })
    let restarted: TestServer | undefined
    try {
      const slowClient = api(slow.url, (await createTestKey(slow.dataDir)).key)
      receiver.answer('/crash', 500)
      const created = await slowClient.post('/api/v1/webhooks', {
        url: receiver.url('/crash'),
        event_types: ['vpc.created'],
      })
      await slowClient.post('/api/v1/networking', { name: 'crash' })
      await eventually(async () => {
        const list = (await slowClient.get(`/api/v1/webhooks/${created.body.id}/deliveries`))
          .body as Delivery[]
        return list[0]?.attempts === 1 ? true : undefined
      })
      await slow.kill()
      restarted = await startServer({ dataDir: slow.dataDir, env: ENV })
      const again = api(restarted.url, (await createTestKey(restarted.dataDir)).key)
      const log = await eventually(async () => {
        const list = (await again.get(`/api/v1/webhooks/${created.body.id}/deliveries`))
          .body as Delivery[]
        return list[0]?.status === 'succeeded' ? list : undefined
      }, 20_000)
      expect(log[0]!.attempt_log.map((a) => a.response_status)).toEqual([500, 200])
      expect(receiver.at('/crash')).toHaveLength(2)
    } finally {
      await slow.stop()
      await restarted?.stop()
    }
  })
})
