import { z } from '@hono/zod-openapi'

/** How many SSH keys a node may carry. */
export const MAX_NODE_SSH_KEYS = 50

/** Ids of the account's SSH keys whose public keys become root's authorized_keys, in order. */
export const NodeSshKeyIds = z
  .array(z.string().min(1).max(64))
  .max(MAX_NODE_SSH_KEYS, `must list at most ${MAX_NODE_SSH_KEYS} keys`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not list a key twice')
  .openapi({
    description:
      `Ids of the account's SSH keys (\`sshkey_...\`, at most ${MAX_NODE_SSH_KEYS}, no repeats): their public ` +
      "keys are root's `authorized_keys` on the node, in this order",
    example: ['sshkey_3kq2v7b4m5n6p7q8r9s2'],
  })

/** Whether root may log in over SSH with the node's password; false needs at least one key. */
export const PasswordLogin = z.boolean().openapi({
  description:
    "Whether root may log in over SSH with the node's password; false needs at least one SSH key. " +
    'Default at creation: false when `ssh_keys` lists a key, else true',
  example: false,
})

/** The body of `PUT /api/v1/nodes/{id}/ssh-keys`: the whole new key list. */
export const PutNodeSshKeysBody = z
  .strictObject({
    ssh_keys: NodeSshKeyIds,
    password_login: PasswordLogin.optional().openapi({
      description: 'Left as it is when absent; false needs at least one SSH key',
    }),
  })
  .openapi('PutNodeSshKeys')
