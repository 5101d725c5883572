import type { Labels } from '../labels.js'
import { labelLines } from '../labels.js'
import { described, Field } from './ui.js'

/** A node's (or VPC's, key's) labels as small `key=value` chips; "none" without any. */
export function LabelChips(props: { labels: Labels | undefined }) {
  const entries = Object.entries(props.labels ?? {}).sort(([a], [b]) => a.localeCompare(b))
  if (entries.length === 0) return <span class="muted">none</span>
  return (
    <ul class="labels">
      {entries.map(([key, value]) => (
        <li class="label-chip mono">
          {key}={value}
        </li>
      ))}
    </ul>
  )
}

/**
 * The labels textarea: one `key=value` a line, as `labelLines` writes them; `errors` are the
 * API's about them, shown beside it.
 */
export function LabelsField(props: {
  id: string
  value?: string
  labels?: Labels
  errors?: string[]
}) {
  const value = props.value ?? labelLines(props.labels)
  return (
    <Field
      id={props.id}
      label="Labels"
      hint="One key=value a line, e.g. env=prod. Keys and values: letters, digits, - _ . (at most 63); a key may start with a DNS prefix and /."
      errors={props.errors}
    >
      <textarea
        id={props.id}
        name="labels"
        class="mono"
        rows={Math.min(8, Math.max(3, value.split('\n').length + 1))}
        spellcheck={false}
        {...described(props.id, true, props.errors)}
        placeholder="env=prod"
      >
        {value}
      </textarea>
    </Field>
  )
}
