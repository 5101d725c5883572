import { randomBytes } from 'node:crypto'
import type { z } from '@hono/zod-openapi'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { currentActor } from '../events/actor.js'
import { latestEventId } from '../events/events.service.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { withoutKey, type IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import { newPrefixedId } from '../lib/ids.js'
import { refusedTarget } from './target.js'
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
} from './webhooks.schema.js'
import {
  deleteFinishedBefore,
  deleteWebhookRow,
  findDelivery,
  findWebhook,
  insertDeliveries,
  insertWebhook,
  recentDeliveries,
  toDelivery,
  toWebhook,
  updateWebhook,
  webhooksOfAccount,
  type WebhookRow,
} from './webhooks.store.js'

type Ctx = ServiceCtx<'clock' | 'config' | 'secrets'>
export type CreatedWebhook = Webhook & { secret: string }

async function webhookOr404(ctx: Ctx, accountId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhook(ctx.db, accountId, id)
  if (!row) throw new ProblemError(404, 'webhook_not_found', `no webhook ${id} on this account`)
  return row
}

async function assertTarget(ctx: Ctx, url: string): Promise<void> {
  const refused = await refusedTarget(url, ctx.config.webhookAllowPrivateTargets)
  if (refused) throw invalidField('url', refused, 'webhook_target_refused')
}

/** `POST /api/v1/webhooks`: delivers the account's events from now on; the secret is shown once. */
export async function createWebhook(
  ctx: Ctx,
  accountId: string,
  body: z.infer<typeof CreateWebhookBody>,
  answer: IdempotentAnswer<CreatedWebhook> = withoutKey
): Promise<CreatedWebhook> {
  await assertTarget(ctx, body.url)
  const secret = `whsec_${randomBytes(32).toString('base64url')}`
  return transaction(ctx.db, async (tx) => {
    const row = await insertWebhook(tx, {
      id: newPrefixedId('wh'),
      accountId,
      url: body.url,
      description: body.description ?? null,
      eventTypes: JSON.stringify(body.event_types),
      secret: ctx.secrets.seal(secret),
      enabled: true,
      failureStreak: 0,
      cursor: await latestEventId(tx, accountId),
      createdAt: ctx.clock.now(),
    })
    const created = { ...toWebhook(row), secret }
    await answer.save(tx, created)
    return created
  })
}

export async function listWebhooks(ctx: Ctx, accountId: string): Promise<Webhook[]> {
  return (await webhooksOfAccount(ctx.db, accountId)).map(toWebhook)
}

export async function getWebhook(ctx: Ctx, accountId: string, id: string): Promise<Webhook> {
  return toWebhook(await webhookOr404(ctx, accountId, id))
}

/** `PATCH`: changes what is given; enabling again clears the reason and the failure streak. */
export async function changeWebhook(
  ctx: Ctx,
  accountId: string,
  id: string,
  body: z.infer<typeof UpdateWebhookBody>
): Promise<Webhook> {
  await webhookOr404(ctx, accountId, id)
  if (body.url) await assertTarget(ctx, body.url)
  const fields: Partial<WebhookRow> = {}
  if (body.url !== undefined) fields.url = body.url
  if (body.event_types !== undefined) fields.eventTypes = JSON.stringify(body.event_types)
  if (body.description !== undefined) fields.description = body.description
  if (body.enabled === true)
    Object.assign(fields, { enabled: true, disabledReason: null, failureStreak: 0 })
  if (body.enabled === false) Object.assign(fields, { enabled: false, disabledReason: null })
  const row =
    Object.keys(fields).length > 0
      ? await transaction(ctx.db, (tx) => updateWebhook(tx, id, fields))
      : undefined
  return toWebhook(row ?? (await webhookOr404(ctx, accountId, id)))
}

export async function deleteWebhook(ctx: Ctx, accountId: string, id: string): Promise<void> {
  if (!(await transaction(ctx.db, (tx) => deleteWebhookRow(tx, accountId, id)))) {
    throw new ProblemError(404, 'webhook_not_found', `no webhook ${id} on this account`)
  }
}

export async function webhookDeliveries(
  ctx: Ctx,
  accountId: string,
  id: string
): Promise<WebhookDelivery[]> {
  await webhookOr404(ctx, accountId, id)
  return recentDeliveries(ctx.db, id, 100)
}

/** `POST …/test`: queues a `webhook.test` delivery, sent at once through the usual outbox. */
export async function sendTestEvent(
  ctx: Ctx,
  accountId: string,
  id: string
): Promise<WebhookDelivery> {
  const hook = await webhookOr404(ctx, accountId, id)
  if (!hook.enabled)
    throw new ProblemError(409, 'webhook_disabled', `webhook ${id} is disabled; enable it first`)
  const now = ctx.clock.now()
  const event = {
    id: null,
    type: 'webhook.test',
    time: now.toISOString(),
    resource_id: id,
    data: {},
    actor: currentActor(),
  }
  const deliveryId = newPrefixedId('whd')
  const row = {
    id: deliveryId,
    webhookId: id,
    eventId: null,
    eventType: 'webhook.test',
    body: JSON.stringify(event),
    status: 'pending' as const,
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  }
  await transaction(ctx.db, (tx) => insertDeliveries(tx, [row]))
  return toDelivery((await findDelivery(ctx.db, deliveryId))!, [])
}

/** Deletes finished deliveries older than the event retention; returns how many. */
export function pruneDeliveries(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  retentionDays: number
): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - retentionDays * 24 * 60 * 60 * 1000)
  return transaction(ctx.db, (tx) => deleteFinishedBefore(tx, before))
}
