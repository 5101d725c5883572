/**
 * The log as a person at a terminal reads it: one line per fact, `06:07:33 WARN  message
 * key=value ...`, requests as `GET /nodes 200 3.1 ms`. A few lines of formatting rather than
 * pino-pretty, whose transport runs in a worker thread that an idle server would carry.
 * @module
 */
import type { DestinationStream } from 'pino'

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
}
// Yellow warnings, red errors; NO_COLOR (no-color.org) turns colour off.
const COLOURS: Record<number, string> = { 40: '33', 50: '31', 60: '31' }
const OMITTED = new Set(['level', 'time', 'msg'])

/** A pino destination that writes each JSON line to `out` as a readable one. */
export function prettyDestination(
  out: { write(text: string): unknown },
  colour = !process.env.NO_COLOR
): DestinationStream {
  return { write: (line: string) => void out.write(`${prettyLine(line, colour)}\n`) }
}

/** One JSON log line as text; a line that is not JSON passes through. */
export function prettyLine(line: string, colour = false): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line.trimEnd()
  }
  const level = Number(entry.level)
  const name = LEVELS[level] ?? String(entry.level)
  const shown = colour && COLOURS[level] ? `\x1b[${COLOURS[level]}m${name}\x1b[0m` : name
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : ''
  return [time, shown, message(entry), fields(entry)].filter(Boolean).join(' ')
}

function message(entry: Record<string, unknown>): string {
  const field = (key: string) => {
    const value = entry[key]
    return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  }
  if (entry.msg === 'request' && entry.method && entry.path)
    return `${field('method')} ${field('path')} ${field('status')} ${field('duration_ms')} ms`
  return field('msg')
}

function fields(entry: Record<string, unknown>): string {
  const request = entry.msg === 'request'
  return Object.entries(entry)
    .filter(([key, value]) => !OMITTED.has(key) && value !== undefined)
    .filter(([key]) => !request || !['method', 'path', 'status', 'duration_ms'].includes(key))
    .map(([key, value]) => `${key}=${text(key, value)}`)
    .join(' ')
}

function text(key: string, value: unknown): string {
  if (key === 'err' && value && typeof value === 'object') {
    const err = value as { message?: string; stack?: string }
    // A stack is kept only where the logger kept it (debugging, or an error): on lines below.
    return JSON.stringify(err.message ?? '') + (err.stack ? `\n${indent(err.stack)}` : '')
  }
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value
  return JSON.stringify(value)
}

const indent = (stack: string) =>
  stack
    .split('\n')
    .map((line) => `    ${line.trim()}`)
    .join('\n')
