/**
 * `nodeplane_ssh_key`: a public SSH key of the account. The API has no update yet, so both
 * arguments force replacement.
 * @module
 */
import type { Resource } from '../framework/resource.js'
import { attr, schema, type StateOf } from '../framework/schema.js'
import { apiClient, isNotFound } from '../client/api.js'
import type { ApiSshKey } from '../client/types.js'
import type { ProviderClient } from '../provider.js'

const sshKeySchema = schema({
  description: 'A public SSH key of the account, validated and fingerprinted by the server.',
  attributes: {
    id: attr.string({ computed: true, description: 'The key id (`sshkey_...`).' }),
    name: attr.string({
      required: true,
      requiresReplace: true,
      description: 'Name, unique on the account.',
    }),
    public_key: attr.string({
      required: true,
      requiresReplace: true,
      description:
        'One OpenSSH public key line, e.g. `file("~/.ssh/id_ed25519.pub")`: ed25519, ECDSA or RSA of 2048 bits or more. ' +
        'Surrounding white space (the newline a .pub file ends with) does not count as a change.',
    }),
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
const toState = (key: ApiSshKey, configured?: string | null): SshKeyState => ({
  id: key.id,
  name: key.name,
  public_key: configured?.trim() === key.public_key ? configured : key.public_key,
  fingerprint: key.fingerprint,
})

export const sshKeyResource: Resource<typeof sshKeySchema, ProviderClient> = {
  typeName: 'nodeplane_ssh_key',
  schema: sshKeySchema,
  async create(ctx, _planned, config) {
    const body = { name: config.name, public_key: config.public_key }
    return toState(
      await apiClient(ctx.client).post<ApiSshKey>('/api/v1/ssh-keys', body, ctx.signal),
      config.public_key
    )
  },
  async read(ctx, state) {
    try {
      return toState(
        await apiClient(ctx.client).get<ApiSshKey>(`/api/v1/ssh-keys/${state.id}`, ctx.signal),
        state.public_key
      )
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  },
  async update(_ctx, _prior, planned) {
    // Every argument forces replacement; Terraform only calls update when nothing changed.
    return planned as SshKeyState
  },
  async delete(ctx, state) {
    try {
      await apiClient(ctx.client).delete(`/api/v1/ssh-keys/${state.id}`, ctx.signal)
    } catch (err) {
      if (!isNotFound(err)) throw err
    }
  },
  async importState(_ctx, id) {
    return { id }
  },
}
