/**
 * `power_state` of `nodeplane_node`: switching a node off or on with a power action and
 * waiting, with `GET /nodes/{id}?wait_for=power_on|power_off`, until it is there. The rebuild
 * of `user_data_change = "rebuild"` is an action of the same kind and waits the same way.
 * @module
 */
import { ApiError, type ApiClient } from '../client/api.js'
import type { ApiNode } from '../client/types.js'
import { diagnosticError } from '../framework/diagnostics.js'
import { waitForPower } from './node-wait.js'

/** The values `power_state` takes in a configuration; the API's others are transient. */
export const CONFIGURABLE_POWER_STATES = ['on', 'off'] as const

/**
 * How long a power change may take. One engine attempt is bounded at 5 minutes by the server;
 * a node that is not there after 10 has failed, and the server says so with an event.
 */
export const POWER_TIMEOUT_MS = 10 * 60_000

/** One node action: its name, its JSON body, and the power state the node ends in. */
export interface NodeAction {
  action: 'poweron' | 'poweroff' | 'rebuild'
  body: Record<string, unknown>
  target: 'on' | 'off'
}

/**
 * Start `action` and return the node once its power state is `target`, or undefined when it
 * did not get there in {@link POWER_TIMEOUT_MS}. An action already under way (a reboot) is
 * waited out instead of refused.
 */
export async function runAction(
  api: ApiClient,
  id: string,
  { action, body, target }: NodeAction,
  signal: AbortSignal
): Promise<ApiNode | undefined> {
  const deadline = Date.now() + POWER_TIMEOUT_MS
  try {
    await api.post<ApiNode>(`/api/v1/nodes/${id}/actions/${action}`, body, signal)
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'action_in_progress')) throw err
    // Let the other action finish, then ask again: it may have left the node either way.
    await waitForPower<ApiNode>(api, id, 'on', deadline, signal)
    await api.post<ApiNode>(`/api/v1/nodes/${id}/actions/${action}`, body, signal)
  }
  return waitForPower<ApiNode>(api, id, target, deadline, signal)
}

/** Switch the node `on` or `off` (`poweron`, `poweroff`) and return it once it is. */
export async function setPower(
  api: ApiClient,
  id: string,
  target: 'on' | 'off',
  signal: AbortSignal
): Promise<ApiNode> {
  const action = target === 'on' ? 'poweron' : 'poweroff'
  const node = await runAction(api, id, { action, body: {}, target }, signal)
  if (!node) {
    throw diagnosticError(
      `Node did not power ${target}`,
      `Node ${id} was not ${target} ${POWER_TIMEOUT_MS / 60_000} minutes after ${action}, or it stopped running. ` +
        'Its events (node.action_failed) say why; apply again to retry.',
      ['power_state']
    )
  }
  return node
}
