import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'
import { generateKey } from '../helpers/ssh-keys.js'
import { setVariables, type Workdir } from '../helpers/tofu.js'

const suite = providerSuite()
const fixture = (vars: Record<string, string>) => suite.fixture('ssh-key', vars)
const run = suite.run
/** The API as this suite's key sees it (the server starts in beforeAll). */
const client = () => api(suite.server.url, suite.key)
const apply = (w: Workdir) => run(w, ['apply', '-auto-approve', '-input=false'])
const plan = (w: Workdir) => run(w, ['plan', '-detailed-exitcode', '-input=false'])

const keyNamed = async (name: string) =>
  (await client().get('/api/v1/ssh-keys')).body.find((k: { name: string }) => k.name === name)

describe('nodeplane_ssh_key with real tofu', () => {
  it('adds a key read from a .pub file, shows the fingerprint ssh-keygen prints, plans clean, renames and relabels in place and destroys', async () => {
    const generated = generateKey('ed25519')
    // As file() reads it: with the .pub file's trailing newline.
    const w = fixture({ name: 'tf-laptop', public_key: `${generated.publicKey}\n` })
    const applied = await apply(w)
    expect(applied.code, applied.output).toBe(0)
    const created = await keyNamed('tf-laptop')
    expect(created).toMatchObject({
      public_key: generated.publicKey,
      fingerprint: generated.fingerprint,
      labels: {},
    })
    expect(applied.output).toContain(`fingerprint = "${generated.fingerprint}"`)
    const clean = await plan(w)
    expect(clean.code, clean.output).toBe(0)

    setVariables(w, { name: 'tf-renamed', labels: '{ owner = "ada" }' })
    const renamed = await plan(w)
    expect(renamed.code).toBe(2)
    expect(renamed.output).toContain('will be updated in-place')
    expect(renamed.output).not.toContain('must be replaced')
    expect((await apply(w)).code).toBe(0)
    expect((await client().get(`/api/v1/ssh-keys/${created.id}`)).body).toMatchObject({
      name: 'tf-renamed',
      labels: { owner: 'ada' },
      fingerprint: generated.fingerprint,
    })
    expect((await plan(w)).code).toBe(0)

    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    expect((await client().get(`/api/v1/ssh-keys/${created.id}`)).status).toBe(404)
  })

  it('plans to add the key again when it was deleted outside Terraform', async () => {
    const w = fixture({ name: 'tf-gone', public_key: generateKey('ecdsa').publicKey })
    expect((await apply(w)).code).toBe(0)
    await client().delete(`/api/v1/ssh-keys/${(await keyNamed('tf-gone')).id}`)
    const drift = await plan(w)
    expect(drift.code, drift.output).toBe(2)
    expect(drift.output).toContain('will be created')
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('imports a key made outside Terraform by its id, with an empty plan after', async () => {
    const generated = generateKey('rsa', { bits: 3072 })
    const made = await client().post('/api/v1/ssh-keys', {
      name: 'tf-imported',
      public_key: generated.publicKey,
    })
    const w = fixture({ name: 'tf-imported', public_key: generated.publicKey })
    const imported = await run(w, ['import', '-input=false', 'nodeplane_ssh_key.k', made.body.id])
    expect(imported.code, imported.output).toBe(0)
    const after = await plan(w)
    expect(after.code, after.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    expect((await client().get(`/api/v1/ssh-keys/${made.body.id}`)).status).toBe(404)
  })

  it('fails the apply on a refused key with the server’s reason, creating nothing', async () => {
    const w = fixture({ name: 'tf-dsa', public_key: generateKey('dsa').publicKey })
    const applied = await apply(w)
    expect(applied.code).toBe(1)
    expect(applied.output).toContain('DSA keys are refused')
    expect(applied.output).toContain('public_key')
    expect(await keyNamed('tf-dsa')).toBeUndefined()
  })
})
