/**
 * The errors table of docs/api.md, rendered from the catalogue in error-codes.ts between two
 * markers: `npm run gen:errors` writes it, test/unit/error-codes-drift.test.ts fails when the
 * committed page differs.
 * @module
 */
import { ERROR_CODES } from './error-codes.js'

export const TABLE_START =
  '<!-- errors table: generated from server/http/error-codes.ts by `npm run gen:errors` -->'
export const TABLE_END = '<!-- end of the generated errors table -->'

interface Row {
  status: number
  code: string
  when: string
}

/** One row per code and status, by status, then in catalogue order. */
function rows(): Row[] {
  const all = Object.entries(ERROR_CODES).flatMap(([code, statuses]) =>
    Object.entries(statuses).map(([status, when]: [string, string]) => ({
      status: Number(status),
      code,
      when,
    }))
  )
  // Array.prototype.sort is stable, so codes of one status keep the catalogue's order.
  return all.sort((a, b) => a.status - b.status)
}

export function errorTable(): string {
  const lines = rows().map((row) => `| ${row.status} | \`${row.code}\` | ${row.when} |`)
  return ['| Status | `code` | When |', '|---|---|---|', ...lines].join('\n')
}

/** `page` with the text between the markers replaced by the current table. */
export function withErrorTable(page: string): string {
  const start = page.indexOf(TABLE_START)
  const end = page.indexOf(TABLE_END)
  if (start < 0 || end < start)
    throw new Error(`the page lacks the markers ${TABLE_START} ... ${TABLE_END}`)
  return `${page.slice(0, start + TABLE_START.length)}\n${errorTable()}\n${page.slice(end)}`
}
