import { z } from '@hono/zod-openapi'
import { printableName } from '../lib/names.js'
import type { Scope } from './api-keys.store.js'

export const SCOPES = ['read', 'read_write'] as const satisfies readonly Scope[]

/** A new key as the dashboard form and `nodeplane keys create` give it. */
export const CreateKeyInput = z.object({
  name: printableName(100, 'give the key a name that says what uses it'),
  scope: z.enum(SCOPES, { error: 'must be read or read_write' }),
})
