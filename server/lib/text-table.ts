/**
 * Plain text tables for the CLI: a header of the columns' names, numbers aligned right, no
 * index column (which `console.table` adds), so scripts can read them with `awk` too.
 * @module
 */

/** `rows` as an aligned table, columns in the first row's key order, ending with a newline. */
export function textTable(rows: Record<string, string | number>[]): string {
  if (rows.length === 0) return ''
  const columns = Object.keys(rows[0]!)
  const cells = rows.map((row) => columns.map((column) => String(row[column] ?? '')))
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((line) => line[i]!.length))
  )
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === 'number'))
  const line = (values: string[]) =>
    values
      .map((value, i) => (numeric[i] ? value.padStart(widths[i]!) : value.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n') + '\n'
}
