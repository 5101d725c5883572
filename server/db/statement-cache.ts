import * as fsMod from 'node:fs'
import type { Database, Statement } from 'better-sqlite3'

/** Enough for every query shape the server builds; lists of varying length push out the oldest. */
const CAPACITY = 500

/**
 * Makes `sqlite.prepare` reuse statements by SQL text. drizzle prepares every query it runs
 * that is not explicitly prepared, and compiling the SQL cost more than running it on the
 * POST /nodes path (a CPU profile put 10% of the server's time in `prepare`); the text of a
 * query shape is the same each time because values are bound as parameters.
 */
export function cacheStatements(sqlite: Database): void {
  const prepare = sqlite.prepare.bind(sqlite)
  const cache = new Map<string, Statement>()
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source)
    if (statement) {
      cache.delete(source) // re-inserted below: a Map keeps insertion order, so this is an LRU
    } else {
      statement = prepare(source)
      if (cache.size >= CAPACITY) cache.delete(cache.keys().next().value!)
    }
    cache.set(source, statement)
    if (process.env.NP_SQLSTATS) wrapStats(source, statement)
    // Callers switch a statement's row shape (drizzle's `raw()`, a `pluck()`): hand it out plain.
    if (statement.reader) statement.pluck(false).expand(false).raw(false)
    return statement
  }) as Database['prepare']
}

const stats = new Map<string, { n: number; ns: bigint }>()
const wrapped = new WeakSet<object>()
function wrapStats(source: string, st: Statement) {
  if (wrapped.has(st)) return
  wrapped.add(st)
  for (const m of ['run', 'all', 'get', 'values'] as const) {
    const f = (st as any)[m]
    if (!f) continue
    ;(st as any)[m] = function (...a: unknown[]) {
      const t = process.hrtime.bigint()
      try { return f.apply(this, a) } finally {
        const e = stats.get(source) ?? { n: 0, ns: 0n }
        e.n++; e.ns += process.hrtime.bigint() - t; stats.set(source, e)
      }
    }
  }
}
if (process.env.NP_SQLSTATS) process.on('SIGUSR2', () => {
  const rows = [...stats].sort((a, b) => Number(b[1].ns - a[1].ns))
  let total = 0n
  for (const [, v] of rows) total += v.ns
  const lines = rows.slice(0, 40).map(([k, v]) => `${(Number(v.ns) / 1e6).toFixed(0).padStart(6)}ms ${String(v.n).padStart(7)} ${(Number(v.ns) / v.n / 1000).toFixed(1).padStart(6)}us ${k.replace(/\s+/g, ' ').slice(0, 150)}`)
  fsMod.writeFileSync('/tmp/sqlstats.txt', `total ${(Number(total) / 1e6).toFixed(0)}ms\n` + lines.join('\n') + '\n')
  stats.clear()
})
