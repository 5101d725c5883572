/**
 * `user_data_change` of `nodeplane_node`: what a new `user_data` does to a node that exists.
 * User data runs at first boot only, so `ignore` (the default) records it in the state; `rebuild`
 * wipes and reinstalls the node in place, keeping its id and addresses, so the new script runs at
 * its next first boot; `replace` destroys it and creates a new one. The deprecated
 * `replace_on_user_data_change = true` means `replace`.
 * @module
 */
import type { ApiClient } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import { diagnosticError, type Diagnostics } from '../framework/diagnostics.js'
import { isUnknown, unknown, type Unknown } from '../framework/values.js'
import { POWER_TIMEOUT_MS, runAction } from './node-power.js'

/** The values `user_data_change` takes. */
export const USER_DATA_CHANGES = ['ignore', 'rebuild', 'replace'] as const
export type UserDataChange = (typeof USER_DATA_CHANGES)[number]

/** The two switches as a configuration (or a plan) has them; either may be unknown. */
interface Switches {
  user_data_change: string | null | Unknown
  replace_on_user_data_change: boolean | null | Unknown
}

/** The mode the switches ask for; unknown while a switch it depends on is. */
export function userDataChange(config: Switches): UserDataChange | Unknown {
  const mode = config.user_data_change
  if (isUnknown(mode)) return unknown
  if (mode !== null) return mode as UserDataChange
  const old = config.replace_on_user_data_change
  if (isUnknown(old)) return unknown
  return old === true ? 'replace' : 'ignore'
}

/**
 * Configuration checks: a value out of the three, the old switch's deprecation, and the two
 * switches saying different things.
 */
export function validateUserDataChange(diags: Diagnostics, config: Switches): void {
  const mode = config.user_data_change
  const old = config.replace_on_user_data_change
  if (!isUnknown(mode) && mode !== null && !USER_DATA_CHANGES.includes(mode as UserDataChange)) {
    diags.error('user_data_change must be "ignore", "rebuild" or "replace"', `Not "${mode}".`, [
      'user_data_change',
    ])
    return
  }
  if (isUnknown(old) || old === null) return
  diags.warning(
    'replace_on_user_data_change is deprecated',
    `Use user_data_change = "${old ? 'replace' : 'ignore'}" instead; user_data_change = "rebuild" rebuilds the node in place.`,
    ['replace_on_user_data_change']
  )
  if (isUnknown(mode) || mode === null || (mode === 'replace') === old) return
  diags.error(
    'user_data_change and replace_on_user_data_change conflict',
    `user_data_change = "${mode}" and replace_on_user_data_change = ${old} ask for different things; remove replace_on_user_data_change.`,
    ['replace_on_user_data_change']
  )
}

/** The plan's word on a changed `user_data` of node `id` that is not replaced. */
export function warnUserDataChange(diags: Diagnostics, id: string, mode: UserDataChange): void {
  if (mode === 'rebuild') {
    diags.warning(
      `user_data changed: node ${id} will be rebuilt in place (its disk is wiped; id and addresses are kept)`,
      'Apply reinstalls the node from the node image and runs the new user data at its first boot. ' +
        'It keeps its id, name, labels, addresses, SSH keys and VPC, and gets a new root password ' +
        '(GET /api/v1/nodes/{id}/credentials). Everything on its disk is lost.',
      ['user_data']
    )
    return
  }
  diags.warning(
    'user_data runs at first boot only',
    'The node keeps running; its user data ran when it was created and does not run again. ' +
      'The new user_data is recorded in the state only, and applies to nodes created from now on. ' +
      'Set user_data_change = "rebuild" to rebuild the node in place with it, or "replace" to replace the node.',
    ['user_data']
  )
}

/**
 * Rebuild the node with `userData` (null keeps what the server has) and return it once it is on
 * again, with the new user data's status starting over.
 */
export async function rebuildNode(
  api: ApiClient,
  id: string,
  userData: string | null,
  signal: AbortSignal
): Promise<ApiNode> {
  const body = userData === null ? {} : { user_data: userData }
  const node = await runAction(api, id, { action: 'rebuild', body, target: 'on' }, signal)
  if (!node) {
    throw diagnosticError(
      'Node was not rebuilt',
      `Node ${id} was not on again ${POWER_TIMEOUT_MS / 60_000} minutes after its rebuild started, or it stopped running. ` +
        'Its events (node.action_failed) say why; apply again to retry.',
      ['user_data']
    )
  }
  return node
}
