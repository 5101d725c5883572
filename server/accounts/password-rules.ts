import { invalidField } from '../http/problem.js'

export const MIN_PASSWORD_LENGTH = 12
const MAX_PASSWORD_LENGTH = 1024

/**
 * Refuses a new password that is too short, too long or the same as the one it replaces;
 * the error names `field`, the form field the password was typed into.
 */
export function checkNewPassword(next: string, sameAsOld: boolean, field = 'new_password'): void {
  if (next.length < MIN_PASSWORD_LENGTH) {
    throw invalidField(field, `must be at least ${MIN_PASSWORD_LENGTH} characters`, 'weak_password')
  }
  if (next.length > MAX_PASSWORD_LENGTH) {
    throw invalidField(
      field,
      `must be at most ${MAX_PASSWORD_LENGTH} characters`,
      'invalid_request'
    )
  }
  if (sameAsOld) throw invalidField(field, 'must differ from the current password', 'weak_password')
}
