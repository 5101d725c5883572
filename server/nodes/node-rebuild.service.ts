/**
 * Rebuilding a node in place (`POST /api/v1/nodes/{id}/actions/rebuild`): accepted here in one
 * transaction (a new root password, a new life for its user data, the rebuild under way), then
 * done by the worker in the node's power turn, as a power action is.
 * @module
 */
import { generatePassword } from '../accounts/passwords.js'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { userDataScript } from './cloud-config.js'
import { acceptAction, refusal } from './node-power.service.js'
import { liveNodeOr404 } from './nodes.lookup.js'
import type { RebuiltNode } from './nodes.schema.js'
import { getNode } from './nodes.view.js'
import { renewUserData } from './user-data.service.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets' | 'worker'>

/**
 * Accepts a rebuild of a running node of the account (on or off) and hands it to the worker:
 * the node as it is then, with its new root password (credentials show it at once). `userData`
 * replaces the node's user data; without it the node keeps its own. Either runs again once the
 * node is rebuilt. Every call rebuilds: none is a repeat of another.
 */
export async function rebuildNode(
  ctx: Ctx,
  accountId: string,
  id: string,
  userData?: string
): Promise<RebuiltNode> {
  // Converted before anything changes: invalid user data changes nothing.
  const given =
    userData === undefined ? undefined : { text: userData, script: userDataScript(userData) }
  const password = generatePassword()
  await transaction(ctx.db, async (tx) => {
    const c = { ...ctx, db: tx }
    const row = await liveNodeOr404(c, accountId, id)
    if (!ctx.worker.canRebuild)
      throw new ProblemError(
        409,
        'action_unsupported',
        `this server's ${ctx.config.driver} driver cannot rebuild nodes`
      )
    const refused = refusal(row, 'rebuild')
    if (refused) throw refused
    const userDataStatus = await renewUserData(c, id, given)
    const rootPassword = ctx.secrets.seal(password)
    await acceptAction(c, accountId, id, 'rebuild', { rootPassword, userDataStatus })
  })
  ctx.worker.power(id, 'rebuild')
  return { ...(await getNode(ctx, accountId, id)), root_password: password }
}
