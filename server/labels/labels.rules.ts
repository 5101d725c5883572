/**
 * The Kubernetes rules for label keys and values, shared by the body schema and the selector
 * parser so a selector can only name labels a resource could carry.
 * @module
 */

/** At most this many labels on one resource. */
export const MAX_LABELS = 64

const NAME = /^[A-Za-z0-9]([A-Za-z0-9_.-]*[A-Za-z0-9])?$/
const DNS_LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/

/** Why `key` is not a label key, or undefined when it is one. */
export function labelKeyProblem(key: string): string | undefined {
  const slash = key.indexOf('/')
  const name = slash === -1 ? key : key.slice(slash + 1)
  if (slash !== -1) {
    const prefix = key.slice(0, slash)
    if (prefix.length === 0) return 'has an empty prefix before "/"'
    if (prefix.length > 253) return 'has a prefix longer than 253 characters'
    if (!prefix.split('.').every((part) => DNS_LABEL.test(part) && part.length <= 63))
      return 'has a prefix that is not a DNS subdomain (lower-case letters, digits, "-" and ".")'
  }
  if (name.length === 0) return 'needs a name of 1 to 63 characters'
  if (name.length > 63) return 'has a name longer than 63 characters'
  if (!NAME.test(name))
    return 'must be a name of letters, digits, "-", "_" and ".", starting and ending with a letter or digit, after an optional "prefix/"'
  return undefined
}

/** Why `value` is not a label value, or undefined when it is one. */
export function labelValueProblem(value: string): string | undefined {
  if (value.length > 63) return 'must be at most 63 characters'
  if (value !== '' && !NAME.test(value))
    return 'must be empty or letters, digits, "-", "_" and ".", starting and ending with a letter or digit'
  return undefined
}
