import type { Child } from 'hono/jsx'
import type { ProblemError } from '../../http/problem.js'
import { CSRF_FIELD } from '../csrf.js'
import { newOnceToken, ONCE_FIELD } from '../once.js'

/** The hidden field that carries the session's CSRF token in every form. */
export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />
}

/**
 * A POST form with the CSRF token; `confirm` asks before submitting (static/app.js); `once`
 * marks a form that creates something, so submitting it twice creates it once (once.ts).
 */
export function PostForm(props: {
  action: string
  csrf: string
  confirm?: string
  once?: boolean
  class?: string
  children?: Child
}) {
  return (
    <form method="post" action={props.action} class={props.class} data-confirm={props.confirm}>
      <CsrfField token={props.csrf} />
      {props.once && <input type="hidden" name={ONCE_FIELD} value={newOnceToken()} />}
      {props.children}
    </form>
  )
}

/** A message box; errors are announced to screen readers at once. */
export function Alert(props: { kind: 'ok' | 'error' | 'warn'; children?: Child }) {
  return (
    <div class={`alert alert-${props.kind}`} role={props.kind === 'ok' ? 'status' : 'alert'}>
      {props.children}
    </div>
  )
}

/** A service's refusal as a readable message, with the fields it names. */
/** What the forms call their fields, so an error names the field as the page does. */
const FIELD_LABELS: Record<string, string> = {
  url: 'URL',
  event_types: 'Events',
  host_id: 'Host id',
  vpc_id: 'VPC',
  ip: 'Address',
  min_cpu: 'Minimum cores',
  min_memory_gb: 'Minimum memory (GB)',
  min_storage_gb: 'Minimum storage (GB)',
  ssh_keys: 'SSH keys',
  password_login: 'Password login',
  // As the password forms label it.
  confirm_password: 'Confirm new password',
  user_data: 'User data',
  label_selector: 'Filter by labels',
}

export function fieldLabel(field: string): string {
  // `labels.<key>`: the key is the user's own text, so it is shown as typed.
  if (field.startsWith('labels.')) return `Label “${field.slice('labels.'.length)}”`
  const label = FIELD_LABELS[field] ?? field.replace(/_/g, ' ')
  return label.charAt(0).toUpperCase() + label.slice(1)
}

/**
 * A refusal: invalid fields are listed by their label ("Name: must be at most 63 characters");
 * `label` names fields the way the page does, when its form is not a flat one.
 */
export function ProblemAlert(props: {
  problem: ProblemError
  label?: (field: string) => string
  children?: Child
}) {
  const errors = props.problem.options.errors ?? []
  const label = props.label ?? fieldLabel
  return (
    <Alert kind="error">
      {errors.length === 0 ? (
        <p>{props.problem.message}</p>
      ) : (
        <ul class="field-errors">
          {errors.map((e) => (
            <li>
              {label(e.field)}: {e.message}
            </li>
          ))}
        </ul>
      )}
      {props.children}
    </Alert>
  )
}

/** Copies literal text, or the text of the element `target` names. */
export function CopyButton(props: {
  text?: string
  target?: string
  secretUrl?: string
  label?: string
}) {
  return (
    <button
      type="button"
      class="button-small"
      data-copy-text={props.text}
      data-copy-target={props.target}
      data-secret-url={props.secretUrl}
    >
      {props.label ?? 'Copy'}
    </button>
  )
}

/** Shows a UTC timestamp readably, keeping the exact value in `datetime`. */
export function Time(props: { iso: string | null | undefined; empty?: string }) {
  if (!props.iso) return <span class="muted">{props.empty ?? 'never'}</span>
  const text = props.iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC')
  return <time datetime={props.iso}>{text}</time>
}

/**
 * What the API said about one field, shown beside it; the control names it with
 * `aria-describedby={errorId(id)}` and `aria-invalid`. Nothing without messages.
 */
export function FieldErrors(props: { id: string; messages?: string[] }) {
  if (!props.messages?.length) return null
  return (
    <small id={errorId(props.id)} class="field-error">
      {props.messages.join('; ')}
    </small>
  )
}

/** The id of a control's FieldErrors. */
export const errorId = (id: string) => `${id}-error`

/**
 * The ARIA attributes of a control with `hint` (or none) and `errors` (or none): the hint and
 * the errors are read with it, and it is marked invalid while there are errors.
 */
export function described(id: string, hint: boolean, errors?: string[]) {
  const ids = [hint && `${id}-hint`, errors?.length && errorId(id)].filter(Boolean)
  return {
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
    'aria-invalid': errors?.length ? ('true' as const) : undefined,
  }
}

/** A labelled form control; the hint and the field's errors are linked with aria-describedby. */
export function Field(props: {
  id: string
  label: string
  hint?: string
  errors?: string[]
  children: Child
}) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      <FieldErrors id={props.id} messages={props.errors} />
    </div>
  )
}

/**
 * A name as long as the API allows, kept to one line with an ellipsis where space is short;
 * the whole name is in the tooltip and for screen readers.
 */
export function Truncated(props: { text: string; class?: string }) {
  return (
    <span class={`truncate ${props.class ?? ''}`.trim()} title={props.text}>
      {props.text}
    </span>
  )
}
