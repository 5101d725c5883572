/**
 * The conventional `timeouts { create = "10m" }` block and the helpers that turn it into
 * deadlines, like terraform-plugin-framework-timeouts.
 * @module
 */
import { diagnosticError } from './diagnostics.js'
import { attr, block, type Attribute } from './schema.js'

/** An operation that can have a timeout. */
export type TimeoutOperation = 'create' | 'read' | 'update' | 'delete'

/** A `timeouts` nested block with an optional duration string per listed operation. */
export function timeouts<const Op extends TimeoutOperation>(ops: Op[]) {
  const attributes = Object.fromEntries(
    ops.map((op) => [
      op,
      attr.string({ optional: true, description: `Timeout for ${op}, e.g. "10m".` }),
    ])
  ) as unknown as { [K in Op]: Attribute<string, { optional: true }> }
  return block('single', { attributes })
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** Parse a Go-style duration ("90s", "10m", "1h30m") into milliseconds. */
export function parseDuration(text: string): number {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)]
  if (!parts.length || parts.map((p) => p[0]).join('') !== text) {
    throw new Error(`"${text}" is not a duration like "30s", "10m" or "1h30m"`)
  }
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * UNITS[unit!]!, 0)
}

/**
 * The timeout for one operation in ms: the configured value, else the default. A bad value is
 * reported on its attribute path, e.g. `timeouts.create`.
 */
export function timeoutFor(
  configured: Partial<Record<TimeoutOperation, string | null>> | null | undefined,
  op: TimeoutOperation,
  defaultMs: number
): number {
  const text = configured?.[op]
  if (text === null || text === undefined) return defaultMs
  try {
    return parseDuration(text)
  } catch (err) {
    throw diagnosticError('Invalid timeout', (err as Error).message, ['timeouts', op])
  }
}
