import { lockKey } from '../db/transaction.js'
import type { ServiceTxCtx } from '../deps.js'
import type { Labels } from './labels.schema.js'
import { deleteLabels, insertLabels, labelsOf, sortedLabels } from './labels.store.js'
import type { LabeledKind } from './labels.table.js'

/** Whether replacing `before` with `after` changes anything (key order aside). */
export function labelsChanged(before: Labels, after: Labels): boolean {
  const keys = Object.keys(after)
  return (
    keys.length !== Object.keys(before).length ||
    keys.some((key) => !Object.hasOwn(before, key) || before[key] !== after[key])
  )
}

/**
 * A PATCH's `labels`: replaces the resource's whole set when it differs and returns the new
 * set as records show it (for the `*.updated` event), or undefined when nothing changed. The
 * set is compared under the resource's lock, so of two equal replacements racing on
 * PostgreSQL only the first counts as a change.
 */
export async function updateLabels(
  ctx: ServiceTxCtx,
  kind: LabeledKind,
  accountId: string,
  resourceId: string,
  set: Labels
): Promise<Labels | undefined> {
  await lockKey(ctx.db, `labels:${kind}:${resourceId}`)
  const before = (await labelsOf(ctx.db, kind, [resourceId])).get(resourceId)!
  if (!labelsChanged(before, set)) return undefined
  await deleteLabels(ctx.db, kind, resourceId)
  await insertLabels(ctx.db, kind, accountId, resourceId, set)
  return sortedLabels(set)
}
