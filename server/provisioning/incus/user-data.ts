/**
 * User data on an Incus node: the runner and the script go into the node's disk through the
 * files API, and the runner starts detached in a session of its own, where it outlives the exec
 * that started it and the control plane alike. The same runner and files as on podman.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { NodeSpec } from '../driver.js'
import type { RunOptions } from '../network/exec.js'
import {
  CONTAINER_USER_DATA_DIR as DIR,
  READ_RUN,
  runnerText,
  STARTED_PROBE,
} from '../user-data-runner.js'
import type { IncusClient } from './incus-client.js'
import { execIn, pushFile } from './exec.js'

const started = async (client: IncusClient, name: string) =>
  (await execIn(client, name, ['sh', '-c', STARTED_PROBE, 'probe', DIR])).trim() === 'yes'

/** Starts the node's user data once; resolves when the runner has set its marker. */
export async function startIncusUserData(
  client: IncusClient,
  name: string,
  node: NodeSpec,
  limitSeconds: number
): Promise<void> {
  if (node.userData === null || (await started(client, name))) return
  await execIn(client, name, ['mkdir', '-p', '-m', '0700', DIR])
  await pushFile(client, name, `${DIR}/script`, node.userData, '0700')
  await pushFile(client, name, `${DIR}/runner`, runnerText(), '0700')
  await execIn(client, name, [
    'setsid',
    '-f',
    'sh',
    '-c',
    'exec sh "$1/runner" "$1" "$2" </dev/null >/dev/null 2>&1',
    'start',
    DIR,
    String(limitSeconds),
  ])
  for (let i = 0; i < 100; i++) {
    if (await started(client, name)) return
    await sleep(100)
  }
  throw new Error(`the user data of node ${node.id} did not start`)
}

/** Prints the run's state (READ_RUN) from inside the node, within `limits`. */
export function readIncusUserData(
  client: IncusClient,
  name: string,
  limits: RunOptions
): Promise<string> {
  return execIn(client, name, ['sh', '-c', READ_RUN, 'read', DIR], limits)
}
