import { z } from '@hono/zod-openapi'

/**
 * An RFC 1123 host name label. Lower case only: a name comes back exactly as it was sent
 * (Terraform compares the two), so upper case is refused rather than folded. `\-`, not a
 * bare `-`, in the class: HTML form patterns are compiled with the `v` flag, which needs it.
 */
const HOSTNAME_LABEL = /^[a-z0-9]([a-z0-9\-]{0,61}[a-z0-9])?$/

export const HostnameLabel = z
  .string()
  .regex(
    HOSTNAME_LABEL,
    "must be a host name: 1 to 63 lower-case letters, digits and '-', not starting or ending with '-'"
  )

/**
 * Refuses C0 and C1 controls (NUL, ANSI escapes), line and paragraph separators, and the bidi
 * embeddings, overrides and isolates that make a name display as something else. Plain
 * ranges, no \p{...}, so the pattern in the OpenAPI document and the dashboard's forms works
 * in any regex dialect.
 */
const PRINTABLE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/

/** A name shown to people: trimmed, 1 to `max` characters, printable, no bidi tricks. */
export function printableName(max: number, missing = 'is required') {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : 'must be a string') })
    .trim()
    .min(1, missing)
    .max(max, `must be at most ${max} characters`)
    .regex(PRINTABLE, 'must not contain control characters or bidirectional overrides')
    .refine((name) => !/\p{Cs}/u.test(name), 'must not contain unpaired UTF-16 surrogates')
}

// The same, but a free text may span lines and hold tabs.
const PRINTABLE_TEXT =
  /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/

/** A free text shown to people (a description): up to `max` characters, lines and tabs allowed. */
export function printableText(max: number) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .regex(
      PRINTABLE_TEXT,
      'must not contain control characters (other than tab and newline) or bidirectional overrides'
    )
    .refine((text) => !/\p{Cs}/u.test(text), 'must not contain unpaired UTF-16 surrogates')
}

/** The same rules for the `pattern` attribute of the dashboard's inputs. */
export const HOSTNAME_PATTERN = HOSTNAME_LABEL.source
export const PRINTABLE_PATTERN = PRINTABLE.source
