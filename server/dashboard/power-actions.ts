/**
 * @module What the dashboard says about each power action, and which make sense for a node
 * as it is: shared by Node Details' buttons, the confirmation page and the nodes table's menu.
 */
import type { Node } from '../nodes/nodes.schema.js'
import type { PowerAction } from '../provisioning/driver.js'

export interface ActionText {
  button: string
  /** What the confirmation says happens, after "<Button> node <label>?". */
  consequence: string
  /** The flash once accepted, after "Node <label> ". */
  accepted: string
  danger?: boolean
}

export const POWER_TEXT: Record<PowerAction, ActionText> = {
  reboot: {
    button: 'Reboot',
    consequence: 'It restarts through its init; connections drop until it is back.',
    accepted: 'is rebooting',
  },
  shutdown: {
    button: 'Shut down',
    consequence:
      'It stops through its init (hard after 60 seconds) and stays off until powered on.',
    accepted: 'is shutting down',
  },
  poweroff: {
    button: 'Power off',
    consequence: 'It stops at once, as pulling the plug: unsaved data may be lost.',
    accepted: 'is powering off',
    danger: true,
  },
  poweron: {
    button: 'Power on',
    consequence: 'It starts and is on once it accepts connections.',
    accepted: 'is powering on',
  },
  reset: {
    button: 'Reset',
    consequence: 'It is powered off at once and on again: unsaved data may be lost.',
    accepted: 'is resetting',
    danger: true,
  },
}

/** Whether `action` makes sense for the node as it is: the others are shown disabled. */
export function actionEnabled(
  node: Pick<Node, 'status' | 'power_state'>,
  action: PowerAction
): boolean {
  if (node.status !== 'running') return false
  if (node.power_state === 'off') return action === 'poweron'
  if (node.power_state === 'on') return action !== 'poweron'
  return false // rebooting or rebuilding: wait for it
}
