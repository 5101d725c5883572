/**
 * How a console socket closes: the codes of a refusal before the shell opens, and the code
 * and `reason` (in `node.console_closed`'s data) of each way an open session ends. Codes
 * 4000-4999 are the application's (RFC 6455); docs/api.md lists them.
 * @module
 */

/** Refusals, before a session opens (the shell never started). */
export const REFUSED = {
  wrongPassword: { code: 4001, text: 'wrong password' },
  accessEnded: {
    code: 4003,
    text: 'access ended: the key was revoked, the login ended or the password changed',
  },
  nodeGone: { code: 4004, text: 'no such node' },
  unavailable: { code: 4009, text: 'node not up' },
  inputOverflow: { code: 4013, text: 'too much input before the shell opened' },
  sessionLimit: { code: 4029, text: 'console session limit reached' },
} as const

/** Why an open session ended; `code` undefined: the connection is gone, nothing to send. */
export const ENDINGS = {
  shell_ended: { code: 1000, text: 'console ended' },
  client_closed: { code: 1000, text: 'console ended' },
  connection_lost: { code: undefined, text: '' },
  max_length: { code: 4008, text: 'the session reached its maximum length' },
  access_ended: {
    code: 4003,
    text: 'access ended: the key was revoked, the login ended or the password changed',
  },
} as const

export type EndReason = keyof typeof ENDINGS
