/**
 * What `GET /readyz` checks before a load balancer or systemd sends this server traffic: the
 * database answers, the engine can take nodes, and the data directory's disk has room.
 * @module
 */
import { existsSync } from 'node:fs'
import { statfs } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { execute } from '../db/transaction.js'
import type { Deps } from '../deps.js'
import { ProblemError } from '../http/problem.js'

export const CHECKS = ['database', 'engine', 'disk'] as const
export type CheckName = (typeof CHECKS)[number]

/**
 * A check's result: `ok`, or why not, in words that name no secret (the answer is public);
 * `err`, the error behind it, goes to the log only.
 */
export type CheckResult = { ok: true } | { ok: false; reason: string; err?: unknown }

/** The longest a check may take: a probe that hangs is as bad as one that fails. */
const CHECK_TIMEOUT_MS = 5000

async function withTimeout(check: () => Promise<CheckResult>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${CHECK_TIMEOUT_MS / 1000} s` }),
      CHECK_TIMEOUT_MS
    )
  })
  try {
    return await Promise.race([check(), late])
  } finally {
    clearTimeout(timer)
  }
}

async function checkDatabase(deps: Pick<Deps, 'db'>): Promise<CheckResult> {
  await execute(deps.db, sql`SELECT 1`)
  return { ok: true }
}

/** The engine's own preflight (cached briefly by the drivers that have one). */
async function checkEngine(deps: Pick<Deps, 'worker'>): Promise<CheckResult> {
  await deps.worker.preflight()
  return { ok: true }
}

/** Free space under the data directory; PostgreSQL's own disk shows in the database check. */
async function checkDisk(deps: Pick<Deps, 'config'>): Promise<CheckResult> {
  const { dataDir, readyMinFreeMb } = deps.config
  if (!existsSync(dataDir)) return { ok: true } // nothing of ours is written there
  const fs = await statfs(dataDir)
  const freeMb = (fs.bavail * fs.bsize) / 1024 ** 2
  if (freeMb >= readyMinFreeMb) return { ok: true }
  return {
    ok: false,
    reason: `${Math.floor(freeMb)} MiB free, under NODEPLANE_READY_MIN_FREE_MB (${readyMinFreeMb})`,
  }
}

const RUNS: Record<CheckName, (deps: Deps) => Promise<CheckResult>> = {
  database: checkDatabase,
  engine: checkEngine,
  disk: checkDisk,
}

/** Runs every check at once; a check that throws failed, its error kept for the log only. */
export async function checkReadiness(deps: Deps): Promise<Record<CheckName, CheckResult>> {
  const results = await Promise.all(
    CHECKS.map(async (name) => {
      const run = () =>
        RUNS[name](deps).catch((err: unknown): CheckResult => ({
          ok: false,
          reason: 'failed; the server log says why',
          err,
        }))
      return [name, await withTimeout(run)] as const
    })
  )
  return Object.fromEntries(results) as Record<CheckName, CheckResult>
}

/**
 * Logs a check only when its outcome changes (ready to not, and back), so a load balancer
 * probing every few seconds does not fill the log with the same failure.
 */
export function changeLogger(log: Logger) {
  const last = new Map<CheckName, boolean>()
  return (name: CheckName, result: CheckResult) => {
    if (last.get(name) === result.ok) return
    if (!result.ok) log.warn({ check: name, reason: result.reason, err: result.err }, 'not ready')
    else if (last.has(name)) log.info({ check: name }, 'ready again')
    last.set(name, result.ok)
  }
}

/**
 * The 503 of failed checks: `errors` names each (its reason as `message`), `checks` gives
 * every outcome; undefined when all passed.
 */
export function notReady(results: Record<CheckName, CheckResult>): ProblemError | undefined {
  const failed = CHECKS.filter((name) => !results[name].ok)
  if (failed.length === 0) return undefined
  const errors = failed.map((field) => {
    const result = results[field]
    return { field, message: result.ok ? 'ok' : result.reason }
  })
  const checks = Object.fromEntries(
    CHECKS.map((name) => [name, results[name].ok ? 'ok' : 'failed'])
  )
  return new ProblemError(503, 'not_ready', `not ready: ${failed.join(', ')}`, {
    errors,
    extra: { checks },
  })
}
