/**
 * Credentials of the installation, created once and shared by every replica through the
 * database, sealed with the server's secret key so a copy of the database alone reveals none.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { findSealedCredential, insertCredentialUnlessPresent } from './credentials.store.js'

type Ctx = ServiceCtx<'secrets' | 'clock'>

/**
 * The credential stored as `name`, made by `create` and stored the first time it is asked for.
 * Replicas racing on the first use each make one, but only the first insert stays, and every
 * replica answers with the stored one.
 */
export async function credential(
  ctx: Ctx,
  name: string,
  create: () => Promise<string>
): Promise<string> {
  const stored = await findSealedCredential(ctx.db, name)
  if (stored !== undefined) return ctx.secrets.open(stored)
  const sealed = ctx.secrets.seal(await create())
  await transaction(ctx.db, (tx) =>
    insertCredentialUnlessPresent(tx, { name, sealed, createdAt: ctx.clock.now() })
  )
  const kept = await findSealedCredential(ctx.db, name)
  if (kept === undefined) throw new Error(`credential ${name} was stored but cannot be read back`)
  return ctx.secrets.open(kept)
}
