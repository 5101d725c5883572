import type { Labels } from './labels.schema.js'

/** Whether replacing `before` with `after` changes anything (key order aside). */
export function labelsChanged(before: Labels, after: Labels): boolean {
  const keys = Object.keys(after)
  return (
    keys.length !== Object.keys(before).length ||
    keys.some((key) => !Object.hasOwn(before, key) || before[key] !== after[key])
  )
}
