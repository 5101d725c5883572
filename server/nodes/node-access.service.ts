import type { z } from '@hono/zod-openapi'
import type { Db } from '../db/client.js'
import { lockKey, transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { recordEvent } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import type { NodeAccess } from '../provisioning/driver.js'
import { publicKeysInOrder } from '../ssh-keys/ssh-keys.service.js'
import type { PutNodeSshKeysBody } from './node-access.schema.js'
import {
  accessOf,
  authorizedKeysOf,
  insertNodeSshKeys,
  replaceNodeSshKeys,
  setPasswordLogin,
} from './node-access.store.js'
import { nodeNotFound } from './nodes.lookup.js'
import type { Node } from './nodes.schema.js'
import { getNode } from './nodes.view.js'
import { findLiveNode, type NodeRow } from './nodes.store.js'

/** Changing a running node's keys also writes them on it, through the worker. */
type EngineCtx = ServiceCtx<'clock' | 'config' | 'worker' | 'log'>

/**
 * Checks a node's SSH keys and password setting against the account, under the account's SSH
 * key lock (so a key being deleted meanwhile is seen gone), and returns root's authorized_keys.
 */
export async function checkAccess(
  ctx: ServiceTxCtx,
  accountId: string,
  sshKeyIds: string[],
  passwordLogin: boolean
): Promise<NodeAccess> {
  if (sshKeyIds.length > 0) await lockKey(ctx.db, `ssh-keys:${accountId}`)
  const authorizedKeys = await publicKeysInOrder(ctx, accountId, sshKeyIds, 'ssh_keys')
  if (!passwordLogin && authorizedKeys.length === 0)
    throw invalidField('password_login', 'false needs at least one key in ssh_keys')
  return { authorizedKeys, passwordLogin }
}

/** Gives a new node its keys (in the creation transaction). */
export function storeNodeSshKeys(
  ctx: ServiceTxCtx,
  nodeId: string,
  sshKeyIds: string[]
): Promise<void> {
  return insertNodeSshKeys(ctx.db, nodeId, sshKeyIds)
}

/** A node's access as the engine applies it, read fresh; undefined once it is deleting or gone. */
export function nodeAccess(ctx: ServiceCtx, nodeId: string): Promise<NodeAccess | undefined> {
  return accessOf(ctx.db, nodeId)
}

export async function accessOfRow(ctx: ServiceCtx, row: NodeRow): Promise<NodeAccess> {
  return {
    authorizedKeys: await authorizedKeysOf(ctx.db, row.id),
    passwordLogin: row.passwordLogin,
  }
}

async function notRunning(db: Db, accountId: string, nodeId: string): Promise<ProblemError> {
  return (await findLiveNode(db, accountId, nodeId))
    ? new ProblemError(409, 'node_not_running', `node ${nodeId} is being deleted`)
    : nodeNotFound(nodeId)
}

/**
 * `PUT /api/v1/nodes/{id}/ssh-keys`: records the node's new keys (and password setting), then,
 * when it is running, writes them on the node before answering. A node still provisioning gets
 * them from the worker once it is up.
 */
export async function putNodeSshKeys(
  ctx: EngineCtx,
  accountId: string,
  nodeId: string,
  body: z.infer<typeof PutNodeSshKeysBody>
): Promise<Node> {
  const row = await transaction(ctx.db, async (tx) => {
    // Written first: the row lock orders this against the worker's turn to running, so one of
    // the two always sees the other and the engine gets the latest keys.
    const row = await setPasswordLogin(tx, accountId, nodeId, body.password_login)
    if (!row) throw await notRunning(tx, accountId, nodeId)
    if (ctx.worker.isReviving(nodeId)) {
      throw new ProblemError(
        409,
        'node_repairing',
        `node ${nodeId} stopped answering and is being restarted; retry in a few seconds`,
        { headers: { 'Retry-After': '5' } }
      )
    }
    await checkAccess({ db: tx }, accountId, body.ssh_keys, row.passwordLogin)
    await replaceNodeSshKeys(tx, nodeId, body.ssh_keys)
    await recordEvent(
      { ...ctx, db: tx },
      {
        accountId,
        type: 'node.ssh_keys_changed',
        resourceId: nodeId,
        data: { status: row.status, ssh_keys: body.ssh_keys, password_login: row.passwordLogin },
      }
    )
    return row
  })
  if (row.status === 'running') await applyOnNode(ctx, row)
  return getNode(ctx, accountId, nodeId)
}

async function applyOnNode(ctx: EngineCtx, row: NodeRow): Promise<void> {
  try {
    await ctx.worker.syncAccess(row)
  } catch (err) {
    ctx.log.error({ err, node_id: row.id }, 'SSH keys could not be written on the node')
    // A node whose engine side died gets them when it is brought back: start that now.
    await ctx.worker.reviveIfDead(row.id).catch(() => false)
    throw new ProblemError(
      500,
      'access_not_applied',
      'the new SSH keys are recorded but could not be written on the node yet; retry the request'
    )
  }
}
