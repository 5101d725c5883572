/**
 * Per-account limits as the operator sets them: defaults and overrides (`nodeplane accounts
 * limits`). The check a creation runs is quota-check.ts; what an account uses of each limit is
 * server/limits/, above the families that count it.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import {
  BUILT_IN_LIMITS,
  DEFAULT_SCOPE,
  LIMIT_CEILINGS,
  LIMIT_NAMES,
  type LimitName,
} from './quota-names.js'
import { deleteLimits, limitRowsOf, upsertLimits } from './quotas.store.js'

/**
 * Sets limits for one account, or with `accountId` undefined the default of every account
 * (an account's own override still wins). A value of null removes what was set, so the
 * account follows the default again (the default, the built-in value). Values were checked by
 * the caller.
 */
export async function setLimits(
  ctx: ServiceCtx,
  accountId: string | undefined,
  values: Partial<Record<LimitName, number | null>>
): Promise<void> {
  const entries = Object.entries(values) as [LimitName, number | null][]
  for (const [name, value] of entries) assertLimitValue(name, value)
  const scope = accountId ?? DEFAULT_SCOPE
  await transaction(ctx.db, async (tx) => {
    await upsertLimits(
      tx,
      scope,
      entries.filter((e): e is [LimitName, number] => e[1] !== null)
    )
    await deleteLimits(
      tx,
      scope,
      entries.filter(([, value]) => value === null).map(([n]) => n)
    )
  })
}

/** A limit is a whole number from 0 to its ceiling (null: remove it); anything else is a bug. */
function assertLimitValue(name: LimitName, value: number | null): void {
  if (value === null || (Number.isInteger(value) && value >= 0 && value <= LIMIT_CEILINGS[name]))
    return
  throw new Error(`limit ${name} must be a whole number from 0 to ${LIMIT_CEILINGS[name]}`)
}

/** Where each of an account's limits comes from, for `nodeplane accounts limits show`. */
export type LimitSource = 'account' | 'default' | 'built-in'

/**
 * The limits in force, each with where it comes from: for an account, its own override, the
 * operator's default or the built-in value; with `accountId` undefined, the defaults.
 */
export async function limitsWithSources(
  ctx: ServiceCtx,
  accountId: string | undefined
): Promise<{ name: LimitName; value: number; source: LimitSource }[]> {
  const defaults = new Map((await limitRowsOf(ctx.db, DEFAULT_SCOPE)).map((r) => [r.name, r.value]))
  const own = accountId
    ? new Map((await limitRowsOf(ctx.db, accountId)).map((r) => [r.name, r.value]))
    : new Map<string, number>()
  return LIMIT_NAMES.map((name) => {
    const value = own.get(name) ?? defaults.get(name) ?? BUILT_IN_LIMITS[name]
    const source = own.has(name) ? 'account' : defaults.has(name) ? 'default' : 'built-in'
    return { name, value, source }
  })
}
