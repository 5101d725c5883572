import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../../server/db/client.js'
import { transaction } from '../../server/db/transaction.js'
import {
  claimKey,
  discardAnswer,
  finishKey,
  REPLAY_WINDOW_MS,
  saveInTransaction,
  type HeldClaim,
} from '../../server/idempotency/idempotency.store.js'
import { pruneIdempotencyKeys } from '../../server/idempotency/idempotency.service.js'
import { workers } from '../../server/provisioning/workers.table.js'
import { openTestDatabase, testDialect } from '../helpers/database.js'
import { newDataDir } from '../helpers/server.js'

let database: OpenDatabase

beforeAll(async () => {
  database = await openTestDatabase(newDataDir())
})
afterAll(() => database.close())

const answer = { status: 201, contentType: 'application/json', body: '{"id":"x"}' }

function claim(owner: string, key: string, now = new Date(), heldHere = false): Promise<string> {
  const input = {
    accountId: 'acc_1',
    key,
    owner,
    fingerprint: 'f',
    now,
    expiredBefore: new Date(now.getTime() - REPLAY_WINDOW_MS),
    staleBefore: now,
    heldHere: () => heldHere,
  }
  return claimKey(database.db, input).then((result) => result.kind)
}

const save = (holder: HeldClaim) =>
  transaction(database.db, (tx) => saveInTransaction(tx, holder, answer))

describe('taking over the Idempotency-Key claim of a process presumed dead', () => {
  it('fences the first process out: its change can no longer commit, so nothing is made twice', async () => {
    const first = { accountId: 'acc_1', key: 'stalled', owner: 'wrk_first' }
    const second = { ...first, owner: 'wrk_second' }
    expect(await claim(first.owner, first.key)).toBe('new')
    // wrk_first has no live worker row: to wrk_second it is a dead process.
    expect(await claim(second.owner, second.key)).toBe('new')
    await expect(save(first)).rejects.toMatchObject({ status: 409, code: 'idempotency_key_in_use' })
    await save(second)
    await finishKey(database.db, second, answer)
    expect(await claim('wrk_third', first.key)).toBe('replay')
  })

  it('replays the answer a dead process stored with its change, and never runs the request again', async () => {
    const dead = { accountId: 'acc_1', key: 'answered', owner: 'wrk_dead' }
    expect(await claim(dead.owner, dead.key)).toBe('new')
    await save(dead)
    expect(await claim('wrk_alive', dead.key)).toBe('replay')
    expect(await claim('wrk_other', dead.key)).toBe('replay')
  })

  it('keeps a claim of its own process in progress while a request of it holds the key', async () => {
    expect(await claim('wrk_self', 'mine')).toBe('new')
    expect(await claim('wrk_self', 'mine', new Date(), true)).toBe('in_progress')
  })

  it('takes over a claim of its own process that no request holds (its finish failed)', async () => {
    expect(await claim('wrk_self', 'unfinished')).toBe('new')
    // The request ended without its finish: nothing holds the key, and a retry runs it.
    expect(await claim('wrk_self', 'unfinished')).toBe('new')
    const holder = { accountId: 'acc_1', key: 'unfinished', owner: 'wrk_self' }
    await save(holder)
    await finishKey(database.db, holder, answer)
    expect(await claim('wrk_self', 'unfinished')).toBe('replay')
  })

  it('forgets an answer past the 24-hour window: the key runs as new, and housekeeping deletes the old records', async () => {
    const day = new Date('2026-01-01T00:00:00Z')
    const old = { accountId: 'acc_1', key: 'yesterday', owner: 'wrk_old' }
    expect(await claim(old.owner, old.key, day)).toBe('new')
    await save(old)
    const almost = new Date(day.getTime() + REPLAY_WINDOW_MS - 1000)
    expect(await claim('wrk_new', old.key, almost)).toBe('replay')
    const later = new Date(day.getTime() + REPLAY_WINDOW_MS + 1000)
    expect(await claim('wrk_new', old.key, later)).toBe('new')
    expect(await claim(old.owner, 'forgotten', day)).toBe('new')
    const pruned = await pruneIdempotencyKeys({ db: database.db, clock: { now: () => later } })
    // `forgotten` is past the window; `yesterday` was claimed again at `later`, so it stays.
    expect(pruned).toBeGreaterThanOrEqual(1)
    expect(await claim('wrk_other', 'forgotten', later)).toBe('new')
    expect(await claim('wrk_new', old.key, later, true)).toBe('in_progress')
  })

  it('lets only the first of two first-seen requests with one key commit: the other is refused, its change undone', async () => {
    const firstSeen = { fingerprint: 'f', at: new Date() }
    const a = { accountId: 'acc_1', key: 'twice', owner: 'wrk_a', firstSeen }
    const b = { ...a, owner: 'wrk_b' }
    await save(a)
    await expect(save(b)).rejects.toMatchObject({ status: 409, code: 'idempotency_key_in_use' })
    expect(await claim('wrk_c', 'twice')).toBe('replay')
  })

  it('records a refusal of a first-seen key for replay, and nothing after a server error', async () => {
    const firstSeen = { fingerprint: 'f', at: new Date() }
    const refused = { accountId: 'acc_1', key: 'refused', owner: 'wrk_a', firstSeen }
    await finishKey(database.db, refused, { ...answer, status: 400 })
    expect(await claim('wrk_b', 'refused')).toBe('replay')
    const failed = { ...refused, key: 'failed' }
    await finishKey(database.db, failed, { ...answer, status: 500 })
    expect(await claim('wrk_b', 'failed')).toBe('new')
  })

  it.runIf(testDialect === 'postgres')(
    'keeps an answer that may still be undone from other replicas until its request has answered',
    async () => {
      // A live replica: its heartbeat is recent (staleBefore is now in these claims).
      const heartbeatAt = new Date(Date.now() + 60_000)
      await database.db
        .insert(workers)
        .values({ id: 'wrk_live', startedAt: new Date(), heartbeatAt })
      const live = { accountId: 'acc_1', key: 'undoable', owner: 'wrk_live' }
      expect(await claim(live.owner, live.key)).toBe('new')
      // Saved with the attach, not completing the claim: the engine may still refuse it.
      await transaction(database.db, (tx) => saveInTransaction(tx, live, answer, false))
      expect(await claim('wrk_other', live.key)).toBe('in_progress')
      // The engine refused: the change and its answer are undone together, then the 500.
      await transaction(database.db, (tx) => discardAnswer(tx, live))
      await finishKey(database.db, live, { ...answer, status: 500 })
      expect(await claim('wrk_other', live.key)).toBe('new')
    }
  )
})
