import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../server/accounts/accounts.service.js'
import {
  changePassword,
  csrfTokenMatches,
  login,
  logout,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionFromToken,
} from '../../server/accounts/sessions.service.js'
import type { OpenDatabase } from '../../server/db/client.js'
import { openTestDatabase } from '../helpers/database.js'
import type { Clock } from '../../server/lib/clock.js'
import { createLogger } from '../../server/lib/log.js'
import { StuckWarning, STUCK_ADVICE } from '../../server/dashboard/components/status.js'
import { newDataDir } from '../helpers/server.js'

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start
  return { now: () => new Date(now), advance: (ms) => (now += ms) }
}

const SILENT = createLogger('silent')
const EMAIL = 'ops@example.com'
const PASSWORD = 'correct horse battery staple'
let dataDir: string
let handle: OpenDatabase

beforeAll(async () => {
  dataDir = newDataDir()
  handle = await openTestDatabase(dataDir)
  await createUser({ db: handle.db, clock: manualClock() }, { email: EMAIL, password: PASSWORD })
})
afterAll(async () => {
  await handle.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('dashboard sessions', () => {
  it('refuses a wrong password and an unknown email with the same message', async () => {
    const clock = manualClock()
    const ctx = { db: handle.db, clock, log: SILENT }
    const wrong = await login(ctx, EMAIL, 'nope').catch((err: Error) => err.message)
    const unknown = await login(ctx, 'nobody@example.com', PASSWORD).catch(
      (err: Error) => err.message
    )
    expect(wrong).toBe('The email or password is not correct.')
    expect(unknown).toBe(wrong)
  })

  it('stores only a hash of the token and checks the CSRF token', async () => {
    const clock = manualClock()
    const ctx = { db: handle.db, clock, log: SILENT }
    const { token, session } = await login(ctx, ` ${EMAIL.toUpperCase()} `, PASSWORD)
    expect(session.tokenHash).not.toContain(token)
    expect((await sessionFromToken(ctx, token))?.user.email).toBe(EMAIL)
    expect(await sessionFromToken(ctx, `${token}x`)).toBeUndefined()
    expect(csrfTokenMatches(session, session.csrfToken)).toBe(true)
    expect(csrfTokenMatches(session, undefined)).toBe(false)
    expect(csrfTokenMatches(session, `${session.csrfToken.slice(1)}x`)).toBe(false)
  })

  it('expires after 12 hours idle, and stays alive while used', async () => {
    const clock = manualClock()
    const ctx = { db: handle.db, clock, log: SILENT }
    const { token } = await login(ctx, EMAIL, PASSWORD)
    clock.advance(SESSION_IDLE_MS - 60_000)
    expect(await sessionFromToken(ctx, token)).toBeDefined()
    clock.advance(SESSION_IDLE_MS - 60_000)
    expect(await sessionFromToken(ctx, token)).toBeDefined()
    clock.advance(SESSION_IDLE_MS + 1)
    expect(await sessionFromToken(ctx, token)).toBeUndefined()
  })

  it('expires 7 days after login even when used', async () => {
    const clock = manualClock()
    const ctx = { db: handle.db, clock, log: SILENT }
    const { token } = await login(ctx, EMAIL, PASSWORD)
    for (let used = 0; used < SESSION_MAX_MS; used += SESSION_IDLE_MS / 2) {
      expect(await sessionFromToken(ctx, token)).toBeDefined()
      clock.advance(SESSION_IDLE_MS / 2)
    }
    clock.advance(1)
    expect(await sessionFromToken(ctx, token)).toBeUndefined()
  })

  it('ends the session on logout, and the other sessions on a password change', async () => {
    const clock = manualClock()
    const ctx = { db: handle.db, clock, log: SILENT }
    const a = await login(ctx, EMAIL, PASSWORD)
    const b = await login(ctx, EMAIL, PASSWORD)
    await expect(changePassword(ctx, a.session, PASSWORD, 'short')).rejects.toThrow(/at least 12/)
    await changePassword(ctx, a.session, PASSWORD, 'another long passphrase')
    expect(await sessionFromToken(ctx, a.token)).toBeDefined()
    expect(await sessionFromToken(ctx, b.token)).toBeUndefined()
    await logout(ctx, a.session)
    expect(await sessionFromToken(ctx, a.token)).toBeUndefined()
    await expect(login(ctx, EMAIL, PASSWORD)).rejects.toThrow()
    const again = await login(ctx, EMAIL, 'another long passphrase')
    expect(await sessionFromToken(ctx, again.token)).toBeDefined()
  })
})

describe('stuck warning', () => {
  // A node is stuck only after 2 minutes of provisioning, too slow for the browser suite.
  it("shows the contract's advice on a stuck node and stays hidden otherwise", async () => {
    const stuck = String(await StuckWarning({ stuck: true }))
    expect(stuck).toContain(STUCK_ADVICE)
    expect(stuck).toContain('Delete it and create a new one.')
    expect(stuck).not.toContain('hidden')
    expect(String(await StuckWarning({ stuck: false }))).toContain('hidden')
  })
})
