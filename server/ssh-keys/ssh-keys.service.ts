import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import type { z } from '@hono/zod-openapi'
import type { Db } from '../db/client.js'
import { lockKey, transaction, type Tx } from '../db/transaction.js'
import { recordEvent } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import { parseLabelSelector } from '../labels/label-selector.js'
import { updateLabels } from '../labels/labels.service.js'
import { deleteLabels, insertLabels, labelsOf, sortedLabels } from '../labels/labels.store.js'
import { newPrefixedId } from '../lib/ids.js'
import { publicKeyInfo } from './public-key.js'
import type {
  CreateSshKeyBody,
  SshKey,
  SshKeyListQuery,
  UpdateSshKeyBody,
} from './ssh-keys.schema.js'
import {
  accountSshKeys,
  deleteSshKeyRow,
  findSshKey,
  findSshKeyByFingerprint,
  findSshKeyByName,
  findSshKeys,
  forgetKeyOfDeletedNodes,
  insertSshKey,
  nodesUsingKey,
  renameSshKey,
  toSshKey,
  type SshKeyRow,
} from './ssh-keys.store.js'

type Ctx = ServiceCtx<'clock'>

async function sshKeyOr404(db: Db, accountId: string, id: string): Promise<SshKeyRow> {
  const row = await findSshKey(db, accountId, id)
  if (!row) throw new ProblemError(404, 'ssh_key_not_found', `no SSH key ${id} on this account`)
  return row
}

/** The records of `rows`, with their labels read in one query. */
async function withLabels(db: Db, rows: SshKeyRow[]): Promise<SshKey[]> {
  const labels = await labelsOf(
    db,
    'ssh_key',
    rows.map((row) => row.id)
  )
  return rows.map((row) => toSshKey(row, labels.get(row.id)!))
}

function nameTaken(name: string): ProblemError {
  return new ProblemError(
    409,
    'ssh_key_name_taken',
    `an SSH key named ${name} exists on this account`
  )
}

/** Refuses a second key of the same name or the same key material on the account. */
async function assertUnique(
  tx: Tx,
  accountId: string,
  name: string,
  fingerprint: string
): Promise<void> {
  if (await findSshKeyByName(tx, accountId, name)) throw nameTaken(name)
  const same = await findSshKeyByFingerprint(tx, accountId, fingerprint)
  if (same) {
    throw new ProblemError(
      409,
      'ssh_key_exists',
      `this key (${fingerprint}) is already on the account as ${same.name}`,
      {
        extra: { ssh_key_id: same.id },
      }
    )
  }
}

export function createSshKey(
  ctx: Ctx,
  accountId: string,
  body: z.infer<typeof CreateSshKeyBody>,
  answer: IdempotentAnswer<SshKey> = withoutKey
): Promise<SshKey> {
  const { fingerprint } = publicKeyInfo(body.public_key)
  return transaction(ctx.db, async (tx) => {
    // Two requests with the same name or key wait for each other instead of racing the unique index.
    await lockKey(tx, `ssh-keys:${accountId}`)
    await assertUnique(tx, accountId, body.name, fingerprint)
    const row = await insertSshKey(tx, {
      id: newPrefixedId('sshkey'),
      accountId,
      name: body.name,
      publicKey: body.public_key,
      fingerprint,
      createdAt: ctx.clock.now(),
    })
    await insertLabels(tx, 'ssh_key', accountId, row.id, body.labels)
    const sshKey = toSshKey(row, sortedLabels(body.labels))
    await answer.save(tx, sshKey)
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'ssh_key.created',
        resourceId: row.id,
        data: { name: row.name, fingerprint },
      }
    )
    return sshKey
  })
}

export async function listSshKeys(
  ctx: ServiceCtx,
  accountId: string,
  query: SshKeyListQuery = {}
): Promise<SshKey[]> {
  const selector = query.label_selector ? parseLabelSelector(query.label_selector) : undefined
  return withLabels(ctx.db, await accountSshKeys(ctx.db, accountId, selector))
}

export async function getSshKey(ctx: ServiceCtx, accountId: string, id: string): Promise<SshKey> {
  return (await withLabels(ctx.db, [await sshKeyOr404(ctx.db, accountId, id)]))[0]!
}

/**
 * `PATCH`: renames the key or replaces its labels. Only a real change is written and recorded
 * (`ssh_key.updated`, with the new values of what changed), so `{}` is a no-op.
 */
export async function updateSshKey(
  ctx: Ctx,
  accountId: string,
  id: string,
  body: z.infer<typeof UpdateSshKeyBody>
): Promise<SshKey> {
  await transaction(ctx.db, async (tx) => {
    // Two PATCHes of one resource take turns, each comparing with what the other wrote.
    await lockKey(tx, `patch:ssh_key:${id}`)
    const row = await sshKeyOr404(tx, accountId, id)
    const changes: Record<string, unknown> = {}
    if (body.name !== undefined && body.name !== row.name) {
      // The same lock as creation: a rename and an addition never both take one name.
      await lockKey(tx, `ssh-keys:${accountId}`)
      if (await findSshKeyByName(tx, accountId, body.name)) throw nameTaken(body.name)
      await renameSshKey(tx, id, body.name)
      changes.name = body.name
    }
    if (body.labels !== undefined) {
      const labels = await updateLabels({ db: tx }, 'ssh_key', accountId, id, body.labels)
      if (labels) changes.labels = labels
    }
    if (Object.keys(changes).length === 0) return
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'ssh_key.updated',
        resourceId: id,
        data: { fingerprint: row.fingerprint, ...changes },
      }
    )
  })
  return getSshKey(ctx, accountId, id)
}

/**
 * The public keys of the account's keys `ids`, in that order (root's authorized_keys of a node).
 * An id that is not the account's is refused as unknown, whoever owns it, naming `field`.
 */
export async function publicKeysInOrder(
  ctx: ServiceTxCtx,
  accountId: string,
  ids: string[],
  field: string
): Promise<string[]> {
  const rows = new Map((await findSshKeys(ctx.db, accountId, ids)).map((row) => [row.id, row]))
  return ids.map((id) => {
    const row = rows.get(id)
    if (!row) throw invalidField(field, `no SSH key ${id} on this account`, 'ssh_key_not_found')
    return row.publicKey
  })
}

/** Deletes a key; one that nodes not yet deleted use is refused with their ids. */
export function deleteSshKey(ctx: Ctx, accountId: string, id: string): Promise<void> {
  return transaction(ctx.db, async (tx) => {
    // A node given this key meanwhile commits first or sees it gone: both take the lock.
    await lockKey(tx, `ssh-keys:${accountId}`)
    const row = await sshKeyOr404(tx, accountId, id)
    const nodeIds = await nodesUsingKey(tx, row.id)
    if (nodeIds.length > 0) {
      throw new ProblemError(
        409,
        'ssh_key_in_use',
        `SSH key ${id} is on nodes ${nodeIds.join(', ')}; change their keys or delete them first`,
        { extra: { node_ids: nodeIds } }
      )
    }
    await forgetKeyOfDeletedNodes(tx, row.id)
    await deleteSshKeyRow(tx, row.id)
    await deleteLabels(tx, 'ssh_key', row.id)
    const data = { name: row.name, fingerprint: row.fingerprint }
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'ssh_key.deleted',
        resourceId: row.id,
        data,
      }
    )
  })
}
