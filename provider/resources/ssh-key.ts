/**
 * `nodeplane_ssh_key`: a public SSH key of the account. Name and labels change in place; a new
 * public key is a new key.
 * @module
 */
import type { Resource } from '../framework/resource.js'
import { attr, schema, type StateOf } from '../framework/schema.js'
import { diagnosticError } from '../framework/diagnostics.js'
import { valuesEqual } from '../framework/values.js'
import { ApiError, apiClient, isNotFound } from '../client/api.js'
import type { ApiSshKey } from '../client/types.js'
import type { ProviderClient } from '../provider.js'
import { collection, labelsArgument } from './common.js'

const sshKeySchema = schema({
  description: 'A public SSH key of the account, validated and fingerprinted by the server.',
  attributes: {
    id: attr.string({ computed: true, description: 'The key id (`sshkey_...`).' }),
    name: attr.string({
      required: true,
      description: 'Name, unique on the account. Changed in place.',
    }),
    public_key: attr.string({
      required: true,
      requiresReplace: true,
      description:
        'One OpenSSH public key line, e.g. `trimspace(file("~/.ssh/id_ed25519.pub"))`: ed25519, ECDSA or RSA of 2048 bits or more. ' +
        'Surrounding white space (the newline a .pub file ends with) does not count as a change. ' +
        'A new key replaces this one. Give keys that nodes use `lifecycle { create_before_destroy = true }`, ' +
        'so nodes move to a new key before the old one is deleted (the server refuses to delete a key in use).',
    }),
    labels: labelsArgument('key'),
    fingerprint: attr.string({
      computed: true,
      description: 'SHA-256 fingerprint as `ssh-keygen -lf` prints it (`SHA256:...`).',
    }),
  },
})

type SshKeyState = StateOf<typeof sshKeySchema>

/**
 * The server trims the key it stores; keeping the configured text when only white space
 * differs spares users of `file()` a perpetual diff (and tofu an inconsistent apply).
 */
const toState = (key: ApiSshKey, known: Partial<SshKeyState> = {}): SshKeyState => ({
  id: key.id,
  name: key.name,
  public_key: known.public_key?.trim() === key.public_key ? known.public_key : key.public_key,
  labels: collection(key.labels, known.labels),
  fingerprint: key.fingerprint,
})

export const sshKeyResource: Resource<typeof sshKeySchema, ProviderClient> = {
  typeName: 'nodeplane_ssh_key',
  schema: sshKeySchema,
  async create(ctx, _planned, config) {
    const body = { name: config.name, public_key: config.public_key, labels: config.labels }
    if (body.labels === null) delete (body as Partial<typeof body>).labels
    return toState(
      await apiClient(ctx.client).post<ApiSshKey>('/api/v1/ssh-keys', body, ctx.signal),
      config
    )
  },
  async read(ctx, state) {
    try {
      return toState(
        await apiClient(ctx.client).get<ApiSshKey>(`/api/v1/ssh-keys/${state.id}`, ctx.signal),
        state
      )
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  },
  async update(ctx, prior, planned, config) {
    const body: { name?: string; labels?: Record<string, string> } = {}
    if (prior.name !== config.name) body.name = config.name
    if (!valuesEqual(prior.labels, config.labels)) body.labels = config.labels ?? {}
    if (Object.keys(body).length === 0) return planned as SshKeyState
    const path = `/api/v1/ssh-keys/${prior.id}`
    return toState(await apiClient(ctx.client).patch<ApiSshKey>(path, body, ctx.signal), config)
  },
  async delete(ctx, state) {
    try {
      await apiClient(ctx.client).delete(`/api/v1/ssh-keys/${state.id}`, ctx.signal)
    } catch (err) {
      if (isNotFound(err)) return
      if (err instanceof ApiError && err.code === 'ssh_key_in_use') {
        const ids = (err.extra.node_ids as string[] | undefined) ?? []
        throw diagnosticError(
          `SSH key ${state.name} is in use`,
          `These nodes have the key in ssh_keys: ${ids.join(', ')}. Take it out of their ssh_keys first; ` +
            'to replace a key that nodes use, give the key lifecycle { create_before_destroy = true }, ' +
            'so the nodes move to the new key before the old one is deleted.'
        )
      }
      throw err
    }
  },
  async importState(_ctx, id) {
    return { id }
  },
}
