import { invalidField, type ProblemError } from '../http/problem.js'

/** Labels as the API holds them: key to value. */
export type Labels = Record<string, string>

/**
 * Reads the dashboard's labels textarea: one `key=value` per line, blank lines ignored. The
 * API's schema checks the keys and values themselves; this only refuses what is not a pair, so
 * the message can name the line.
 */
export function parseLabelLines(text: string, field = 'labels'): Labels {
  const labels: Labels = {}
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (line === '') return
    const at = line.indexOf('=')
    if (at <= 0)
      throw invalidField(field, `line ${index + 1} (“${line.slice(0, 80)}”) is not key=value`)
    const key = line.slice(0, at).trim()
    if (Object.hasOwn(labels, key))
      throw invalidField(field, `line ${index + 1} repeats the key “${key.slice(0, 80)}”`)
    labels[key] = line.slice(at + 1).trim()
  })
  return labels
}

/** Labels as the textarea shows them, sorted by key. */
export function labelLines(labels: Labels | undefined): string {
  return Object.entries(labels ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')
}

/**
 * The refusal's messages about the labels box `text`, each naming the line it is about: the
 * reader of the box names its lines already, and the API's schema names a bad label by its key
 * (`labels.<key>`), which is found back in the box.
 */
export function labelErrors(problem: ProblemError | undefined, text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim())
  return (problem?.options.errors ?? []).flatMap((e) => {
    if (e.field === 'labels') return [e.message]
    if (!e.field.startsWith('labels.')) return []
    const key = e.field.slice('labels.'.length)
    const at = lines.findIndex((line) => line.includes('=') && line.split('=')[0]!.trim() === key)
    if (at < 0) return [`“${key.slice(0, 80)}”: ${e.message}`]
    return [`line ${at + 1} (“${lines[at]!.slice(0, 80)}”): ${e.message}`]
  })
}
