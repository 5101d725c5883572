import { z } from '@hono/zod-openapi'
import { LabelSelectorParam, Labels } from '../labels/labels.schema.js'
import { printableName } from '../lib/names.js'
import {
  MAX_PUBLIC_KEY_LENGTH,
  MIN_RSA_BITS,
  publicKeyProblem,
  SSH_KEY_TYPES,
} from './public-key.js'

const EXAMPLE_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGeWXxrAXaxIWDYS2R9l7rWsZ1kaetfl/eDOMh4msxdb ada@laptop'
const EXAMPLE_FINGERPRINT = 'SHA256:ix9t2Zr1Y+Bw+du7OVZPg4nW8C/ZnrmjEpK9kFSAF4U'

const publicKey = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, 'is required')
  .max(MAX_PUBLIC_KEY_LENGTH, `must be at most ${MAX_PUBLIC_KEY_LENGTH} characters`)
  .superRefine((text, ctx) => {
    const problem = publicKeyProblem(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .openapi({
    description:
      `One OpenSSH public key line, as in \`~/.ssh/id_ed25519.pub\`: ${SSH_KEY_TYPES.join(', ')} ` +
      `(RSA with at least ${MIN_RSA_BITS} bits). Surrounding whitespace is trimmed; DSA and private keys are refused.`,
    example: EXAMPLE_KEY,
  })

/** The body of `POST /api/v1/ssh-keys`. Unknown fields are rejected. */
export const CreateSshKeyBody = z
  .strictObject({
    name: printableName(63).openapi({
      description: 'Unique name of the key on the account: printable, trimmed, 1 to 63 characters',
      example: 'ada-laptop',
    }),
    public_key: publicKey,
    labels: Labels.optional(),
  })
  .openapi('CreateSshKey')

/** The body of `PATCH /api/v1/ssh-keys/{id}`: what is given changes; `{}` changes nothing. */
export const UpdateSshKeyBody = z
  .strictObject({
    name: printableName(63).optional().openapi({
      description: 'A new name, unique on the account: printable, trimmed, 1 to 63 characters',
      example: 'ada-laptop',
    }),
    // The new set: it replaces every label the key had.
    labels: Labels.optional(),
  })
  .openapi('UpdateSshKey')

/** The optional filter of `GET /api/v1/ssh-keys`. */
export const SshKeyListQuery = z.object({ label_selector: LabelSelectorParam })

export type SshKeyListQuery = z.infer<typeof SshKeyListQuery>

/** An SSH key record as every SSH key endpoint returns it. */
export const SshKey = z
  .object({
    id: z.string().openapi({ example: 'sshkey_3kq2v7b4m5n6p7q8r9s2' }),
    name: z.string(),
    public_key: z.string().openapi({ example: EXAMPLE_KEY }),
    fingerprint: z.string().openapi({
      description: 'SHA-256 of the key, as `ssh-keygen -lf` prints it; unique on the account',
      example: EXAMPLE_FINGERPRINT,
    }),
    created_at: z.iso.datetime(),
    labels: Labels,
  })
  .openapi('SshKey')

export type SshKey = z.infer<typeof SshKey>

export const SshKeyIdParam = z.object({
  id: z
    .string()
    .openapi({ param: { name: 'id', in: 'path' }, example: 'sshkey_3kq2v7b4m5n6p7q8r9s2' }),
})
