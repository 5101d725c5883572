import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { credential } from '../../server/credentials/credentials.service.js'
import { credentials } from '../../server/credentials/credentials.table.js'
import type { OpenDatabase } from '../../server/db/client.js'
import { systemClock } from '../../server/lib/clock.js'
import { secretsFromKey } from '../../server/lib/secrets.js'
import { incusClientCertificate } from '../../server/provisioning/incus/client-certificate.js'
import { openTestDatabase } from '../helpers/database.js'
import { newDataDir } from '../helpers/server.js'

let database: OpenDatabase
const secrets = secretsFromKey(randomBytes(32))

beforeAll(async () => {
  database = await openTestDatabase(newDataDir())
})
afterAll(() => database.close())

const ctx = () => ({ db: database.db, secrets, clock: systemClock })

describe('credentials', () => {
  it('keeps the first of replicas racing to create one, and every one answers with it', async () => {
    let made = 0
    const create = async () => `value ${++made}`
    const answers = await Promise.all([1, 2, 3].map(() => credential(ctx(), 'race', create)))
    expect(new Set(answers).size).toBe(1)
    expect(await credential(ctx(), 'race', create)).toBe(answers[0])
  })

  it('stores only the sealed value', async () => {
    await credential(ctx(), 'sealed', async () => 'plain secret')
    const rows = await database.db.select().from(credentials)
    const row = rows.find((r) => r.name === 'sealed')!
    expect(row.sealed).not.toContain('plain secret')
    expect(secrets.open(row.sealed)).toBe('plain secret')
  })
})

describe("nodeplane's Incus client certificate", () => {
  it('is made once: a client certificate for its own key, self-signed, valid for years', async () => {
    const first = await incusClientCertificate(ctx())
    expect(await incusClientCertificate(ctx())).toEqual(first)
    const cert = new X509Certificate(first.cert)
    expect(cert.subject).toContain('CN=nodeplane')
    expect(cert.checkPrivateKey(createPrivateKey(first.key))).toBe(true)
    expect(cert.verify(cert.publicKey)).toBe(true)
    expect(cert.keyUsage).toContain('1.3.6.1.5.5.7.3.2') // clientAuth
    expect(new Date(cert.validTo).getTime() - Date.now()).toBeGreaterThan(9 * 365 * 86400_000)
  })
})
