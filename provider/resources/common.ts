/**
 * What several resource families share: the `labels` argument and how the API's empty
 * collections map to state.
 * @module
 */
import { attr, t } from '../framework/schema.js'

/** The `labels` argument of a labelled resource, changed in place. */
export const labelsArgument = (what: string) =>
  attr.map(t.string, {
    optional: true,
    description:
      `Labels of the ${what}, key to value, as Kubernetes writes them: at most 64; a key is an optional DNS-subdomain ` +
      'prefix and `/`, then 1-63 characters `[A-Za-z0-9]` with `-_.` inside; a value is 0-63 of the same. ' +
      'Changed in place; `label_selector` filters by them.',
  })

const isEmpty = (value: object) =>
  Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0

/**
 * An API collection (`labels`, `ssh_keys`) as state: the API answers `{}` or `[]` for none,
 * which reads as the configuration wrote it, `null` when the argument is left out and the empty
 * value when it is written empty, so neither plans a change. A server that lacks the field
 * (`undefined`) keeps what the state had.
 */
export function collection<T extends object>(
  fromApi: T | undefined,
  known: T | null | undefined
): T | null {
  if (fromApi === undefined) return known ?? null
  if (!isEmpty(fromApi)) return fromApi
  return known !== null && known !== undefined && isEmpty(known) ? known : null
}
