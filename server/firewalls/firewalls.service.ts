import type { z } from '@hono/zod-openapi'
import { setImmediate as yieldToOthers } from 'node:timers/promises'
import type { Db } from '../db/client.js'
import { transaction, type Tx } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import type { Labels } from '../labels/labels.schema.js'
import { recordEvent } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import { parseLabelSelector } from '../labels/label-selector.js'
import { updateLabels } from '../labels/labels.service.js'
import { deleteLabels, insertLabels, labelsOf } from '../labels/labels.store.js'
import { newPrefixedId } from '../lib/ids.js'
import { keyedSerial } from '../lib/serial.js'
import { assertRoomForNodeLabels, assertRoomOnNodes, lockFirewalls } from './firewall-limits.js'
import { firewallUsage } from './firewalls.quota.js'
import { assertWithinLimits } from '../quotas/quota-check.js'
import {
  deleteNodeTargets,
  firewallsOfNode,
  nodesByFirewall,
  nodesOfFirewall,
  replaceTargets,
  targetsOf,
} from './firewall-targets.store.js'
import type {
  CreateFirewallBody,
  Firewall,
  FirewallListQuery,
  FirewallRule,
  UpdateFirewallBody,
} from './firewalls.schema.js'
import {
  accountFirewalls,
  deleteFirewallRow,
  findFirewall,
  findFirewallByName,
  insertFirewall,
  setFirewallFields,
  toFirewall,
  type FirewallPage,
  type FirewallRow,
} from './firewalls.store.js'

type Ctx = ServiceCtx<'clock'>

async function firewallOr404(db: Db, accountId: string, id: string): Promise<FirewallRow> {
  const row = await findFirewall(db, accountId, id)
  if (!row) throw new ProblemError(404, 'firewall_not_found', `no firewall ${id} on this account`)
  return row
}

async function assertNameFree(tx: Tx, accountId: string, name: string): Promise<void> {
  if (await findFirewallByName(tx, accountId, name)) {
    throw new ProblemError(
      409,
      'firewall_name_taken',
      `a firewall named ${name} exists on this account`
    )
  }
}

/** The records of `rows` (of one account): labels, `apply_to` and nodes read in a few queries. */
async function toRecords(db: Db, accountId: string, rows: FirewallRow[]): Promise<Firewall[]> {
  const ids = rows.map((row) => row.id)
  // One after another: inside a transaction both would share one connection anyway.
  const labels = await labelsOf(db, 'firewall', ids)
  const targets = await targetsOf(db, ids)
  const nodeIds = await nodesByFirewall(db, accountId, targets)
  return rows.map((row) =>
    toFirewall(row, labels.get(row.id)!, targets.get(row.id)!, nodeIds.get(row.id)!)
  )
}

export function createFirewall(
  ctx: Ctx,
  accountId: string,
  body: z.infer<typeof CreateFirewallBody>,
  answer: IdempotentAnswer<Firewall> = withoutKey
): Promise<Firewall> {
  return transaction(ctx.db, async (tx) => {
    await lockFirewalls(tx, accountId)
    await assertNameFree(tx, accountId, body.name)
    await assertWithinLimits({ db: tx }, accountId, { firewalls: 1 }, firewallUsage)
    const id = newPrefixedId('fw')
    await assertRoomOnNodes(tx, accountId, id, body.apply_to ?? [])
    const row = await insertFirewall(tx, {
      id,
      accountId,
      name: body.name,
      rules: JSON.stringify(body.rules ?? []),
      createdAt: ctx.clock.now(),
    })
    await insertLabels(tx, 'firewall', accountId, id, body.labels)
    await replaceTargets(tx, accountId, id, body.apply_to ?? [])
    const firewall = (await toRecords(tx, accountId, [row]))[0]!
    await answer.save(tx, firewall)
    await recordEvent(
      { ...ctx, db: tx },
      { accountId, type: 'firewall.created', resourceId: id, data: { name: row.name } }
    )
    return firewall
  })
}

/**
 * Firewalls made into records at a time in a list, between which other requests run: one keeps
 * another account's p99 within 2x of idle while a list at the caps runs (docs/performance.md).
 */
const RECORDS_PER_TURN = 1

/**
 * A list's records, a few firewalls at a time with a turn of the event loop between: a long
 * list of large firewalls never holds other requests (another account's) back for its whole
 * length.
 */
async function listRecords(db: Db, accountId: string, rows: FirewallRow[]): Promise<Firewall[]> {
  const records: Firewall[] = []
  for (let start = 0; start < rows.length; start += RECORDS_PER_TURN) {
    if (start > 0) await yieldToOthers()
    records.push(...(await toRecords(db, accountId, rows.slice(start, start + RECORDS_PER_TURN))))
  }
  return records
}

/**
 * One list of an account's firewalls at a time in this process: an account that sends many at
 * once has them answered in turn, so another account's request waits behind one of its
 * turns, not behind all of them.
 */
const oneListPerAccount = keyedSerial()

/** Every firewall of the account that `query`'s filters keep (its paging is ignored). */
export async function listFirewalls(
  ctx: ServiceCtx,
  accountId: string,
  query: FirewallListQuery = {}
): Promise<Firewall[]> {
  return listRecords(ctx.db, accountId, await filteredRows(ctx.db, accountId, query))
}

/**
 * `GET /api/v1/firewalls`: without `limit` every firewall that matches; with it one page, and
 * `after`, the cursor of the next page while one follows (as `GET /nodes` pages).
 */
export async function listFirewallsPage(
  ctx: ServiceCtx,
  accountId: string,
  query: FirewallListQuery
): Promise<{ firewalls: Firewall[]; after?: string }> {
  return oneListPerAccount(accountId, () => firewallsPage(ctx, accountId, query))
}

async function firewallsPage(
  ctx: ServiceCtx,
  accountId: string,
  query: FirewallListQuery
): Promise<{ firewalls: Firewall[]; after?: string }> {
  if (query.limit === undefined) {
    if (query.after !== undefined)
      throw invalidField('after', 'needs limit: it names where a page starts')
    return { firewalls: await listFirewalls(ctx, accountId, query) }
  }
  const after =
    query.after === undefined ? undefined : await cursorFirewall(ctx.db, accountId, query.after)
  // One more than the page: whether it exists says whether a next page does.
  const rows = await filteredRows(ctx.db, accountId, query, { limit: query.limit + 1, after })
  const page = rows.slice(0, query.limit)
  return {
    firewalls: await listRecords(ctx.db, accountId, page),
    after: rows.length > query.limit ? page.at(-1)!.id : undefined,
  }
}

async function filteredRows(
  db: Db,
  accountId: string,
  query: FirewallListQuery,
  page?: FirewallPage
): Promise<FirewallRow[]> {
  const selector = query.label_selector ? parseLabelSelector(query.label_selector) : undefined
  const ids =
    query.node_id === undefined ? undefined : await firewallsOfNode(db, accountId, query.node_id)
  return accountFirewalls(db, accountId, { selector, name: query.name, ids }, page)
}

async function cursorFirewall(db: Db, accountId: string, id: string): Promise<FirewallRow> {
  const row = await findFirewall(db, accountId, id)
  if (!row) throw invalidField('after', `no firewall ${id} on this account`, 'cursor_not_found')
  return row
}

export async function getFirewall(
  ctx: ServiceCtx,
  accountId: string,
  id: string
): Promise<Firewall> {
  return (await toRecords(ctx.db, accountId, [await firewallOr404(ctx.db, accountId, id)]))[0]!
}

/**
 * `PATCH`: each field given replaces the old one whole. Only a real change is written and
 * recorded (`firewall.updated`, with the new values of what changed), so `{}` is a no-op.
 */
export async function updateFirewall(
  ctx: Ctx,
  accountId: string,
  id: string,
  body: z.infer<typeof UpdateFirewallBody>
): Promise<Firewall> {
  await transaction(ctx.db, async (tx) => {
    await lockFirewalls(tx, accountId)
    const row = await firewallOr404(tx, accountId, id)
    const changes: Record<string, unknown> = {}
    if (body.name !== undefined && body.name !== row.name) {
      await assertNameFree(tx, accountId, body.name)
      changes.name = body.name
    }
    if (body.rules !== undefined && JSON.stringify(body.rules) !== row.rules)
      changes.rules = body.rules
    if (body.apply_to !== undefined) {
      const before = (await targetsOf(tx, [id])).get(id)!
      if (JSON.stringify(body.apply_to) !== JSON.stringify(before)) {
        await assertRoomOnNodes(tx, accountId, id, body.apply_to)
        await replaceTargets(tx, accountId, id, body.apply_to)
        changes.apply_to = body.apply_to
      }
    }
    await setFirewallFields(tx, id, {
      name: changes.name as string | undefined,
      rules: changes.rules as FirewallRule[] | undefined,
    })
    if (body.labels !== undefined) {
      const labels = await updateLabels({ db: tx }, 'firewall', accountId, id, body.labels)
      if (labels) changes.labels = labels
    }
    if (Object.keys(changes).length === 0) return
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'firewall.updated',
        resourceId: id,
        data: { name: row.name, ...changes },
      }
    )
  })
  return getFirewall(ctx, accountId, id)
}

/** Deletes a firewall; one that applies to nodes not yet deleted is refused with their ids. */
export function deleteFirewall(ctx: Ctx, accountId: string, id: string): Promise<void> {
  return transaction(ctx.db, async (tx) => {
    // A node's label change that would bring it under this firewall commits first or after.
    await lockFirewalls(tx, accountId)
    const row = await firewallOr404(tx, accountId, id)
    const nodeIds = await nodesOfFirewall(tx, accountId, id)
    if (nodeIds.length > 0) {
      throw new ProblemError(
        409,
        'firewall_in_use',
        `firewall ${id} applies to nodes ${nodeIds.join(', ')}; change its apply_to first`,
        { extra: { node_ids: nodeIds } }
      )
    }
    await replaceTargets(tx, accountId, id, [])
    await deleteLabels(tx, 'firewall', id)
    await deleteFirewallRow(tx, id)
    await recordEvent(
      { ...ctx, db: tx },
      { accountId, type: 'firewall.deleted', resourceId: id, data: { name: row.name } }
    )
  })
}

/**
 * Refuses (409 `firewall_limit_reached`) to give node `nodeId` of the account `labels` when
 * that would put it under more firewalls than allowed; call inside the transaction that
 * writes the labels (a node's creation or PATCH).
 */
export async function assertFirewallRoomForLabels(
  ctx: ServiceTxCtx,
  accountId: string,
  nodeId: string,
  labels: Labels | undefined
): Promise<void> {
  await assertRoomForNodeLabels(ctx.db, accountId, nodeId, labels ?? {})
}

/**
 * The firewalls, with their rules, that apply to node `nodeId` of the account now, oldest
 * first (none for a deleted node or another account's): what enforcement must apply.
 */
export function firewallsForNode(
  ctx: ServiceCtx,
  accountId: string,
  nodeId: string
): Promise<Firewall[]> {
  return listFirewalls(ctx, accountId, { node_id: nodeId })
}

/** Ids of the account's nodes (not deleted) that firewall `firewallId` applies to now. */
export function nodesForFirewall(
  ctx: ServiceCtx,
  accountId: string,
  firewallId: string
): Promise<string[]> {
  return nodesOfFirewall(ctx.db, accountId, firewallId)
}

/**
 * Forgets nodes whose rows go for good (the retention of deleted nodes): a firewall's entry
 * naming one already reads as gone, and now is.
 */
export function forgetNodes(ctx: ServiceTxCtx, nodeIds: string[]): Promise<void> {
  return deleteNodeTargets(ctx.db, nodeIds)
}
