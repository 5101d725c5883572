import type { SshKey } from '../../ssh-keys/ssh-keys.schema.js'

/** The chosen keys first, in their order (root's authorized_keys keeps it), then the others. */
function ordered(sshKeys: SshKey[], selected: string[]): SshKey[] {
  const byId = new Map(sshKeys.map((key) => [key.id, key]))
  const chosen = selected.flatMap((id) => byId.get(id) ?? [])
  return [...chosen, ...sshKeys.filter((key) => !selected.includes(key.id))]
}

/**
 * The SSH keys of the account as checkboxes and the password-login switch. The hidden
 * `password_login=false` goes first, so an unchecked switch still says "off" and a checked
 * one (sent after it) wins: `accessFromForm` reads the last value.
 */
export function SshAccessFields(props: {
  idPrefix: string
  legend: string
  sshKeys: SshKey[]
  selected: string[]
  passwordLogin: boolean
  /**
   * A new node's switch: app.js turns it off when a key is checked and on when none is, as the
   * API's default does, until the user sets it.
   */
  followsKeys?: boolean
}) {
  const { idPrefix, sshKeys } = props
  const switchId = `${idPrefix}-password-login`
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {sshKeys.length === 0 ? (
        <p class="muted">
          No SSH keys on this account yet. <a href="/ui/settings/ssh-keys">Add one</a> in Developer
          settings to log in as root with it; until then root logs in with the generated password.
        </p>
      ) : (
        <div class="checks" role="group" aria-label="SSH keys that may log in as root">
          {ordered(sshKeys, props.selected).map((key) => (
            <label class="radio" title={key.fingerprint}>
              <input
                type="checkbox"
                name="ssh_keys"
                value={key.id}
                checked={props.selected.includes(key.id)}
              />{' '}
              <span class="truncate">{key.name}</span>
            </label>
          ))}
        </div>
      )}
      <input type="hidden" name="password_login" value="false" />
      <label class="radio switch" for={switchId}>
        <input
          type="checkbox"
          role="switch"
          id={switchId}
          name="password_login"
          value="true"
          checked={props.passwordLogin}
          data-follows-keys={props.followsKeys ? '' : undefined}
          aria-describedby={`${switchId}-hint`}
        />{' '}
        Password login for root
      </label>
      <small id={`${switchId}-hint`} class="hint">
        Off: only the checked keys log in (at least one is needed).
      </small>
    </fieldset>
  )
}

/** Every value of a form field read with `parseBody({ all: true })`. */
export function formValues(form: Record<string, unknown>, name: string): string[] {
  const value = form[name]
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
  return values.filter((v): v is string => typeof v === 'string')
}

/** The keys and password switch of a form with `SshAccessFields`. */
export function accessFromForm(form: Record<string, unknown>): {
  ssh_keys: string[]
  password_login: boolean
} {
  const password = formValues(form, 'password_login')
  return {
    ssh_keys: formValues(form, 'ssh_keys'),
    password_login: password.length === 0 || password[password.length - 1] === 'true',
  }
}
