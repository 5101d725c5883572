/**
 * Sizes and times as a person reads them, for the CLI's tables.
 * @module
 */

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB']

/** Bytes in decimal units with three significant digits at most, as podman prints them: `187 MB`. */
export function humanBytes(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`
}

/** A UTC minute and how long ago it was: `2026-11-29 05:20 UTC (23 minutes ago)`. */
export function humanTime(iso: string, now: number): string {
  const minute = `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
  return `${minute} (${ago(now - Date.parse(iso))})`
}

function ago(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'just now'
  const [count, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day']
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`
}
