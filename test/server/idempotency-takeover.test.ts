import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OpenDatabase } from '../../server/db/client.js'
import { transaction } from '../../server/db/transaction.js'
import {
  claimKey,
  finishKey,
  saveInTransaction,
  type IdempotencyClaim,
} from '../../server/idempotency/idempotency.store.js'
import { openTestDatabase } from '../helpers/database.js'
import { newDataDir } from '../helpers/server.js'

let database: OpenDatabase

beforeAll(async () => {
  database = await openTestDatabase(newDataDir())
})
afterAll(() => database.close())

const answer = { status: 201, contentType: 'application/json', body: '{"id":"x"}' }

function claim(owner: string, key: string): Promise<string> {
  const now = new Date()
  const input = {
    accountId: 'acc_1',
    key,
    owner,
    fingerprint: 'f',
    now,
    expiredBefore: new Date(0),
    staleBefore: now,
  }
  return claimKey(database.db, input).then((result) => result.kind)
}

const save = (holder: IdempotencyClaim) =>
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

  it('keeps a claim of its own process in progress', async () => {
    expect(await claim('wrk_self', 'mine')).toBe('new')
    expect(await claim('wrk_self', 'mine')).toBe('in_progress')
  })
})
