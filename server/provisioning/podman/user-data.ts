/**
 * User data on a podman node: the runner and the script are copied into the container, and
 * `podman exec --detach` starts the runner there, where conmon keeps it running whatever
 * happens to the control plane. Its files stay in the container's own disk.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { NodeSpec, UserDataRun } from '../driver.js'
import {
  CONTAINER_USER_DATA_DIR as DIR,
  READ_RUN,
  STARTED_PROBE,
  readRun,
  runnerText,
} from '../user-data-runner.js'
import { podman } from './podman.js'

/** Writes stdin to `$1/$2` unless the run has started already (then the script stays as it ran). */
const COPY_IN =
  'set -e; mkdir -p -m 0700 "$1"; [ -d "$1/started" ] && exit 0; cat >"$1/$2.new"; mv "$1/$2.new" "$1/$2"'

const started = async (name: string) =>
  (await podman(['exec', name, 'sh', '-c', STARTED_PROBE, 'probe', DIR])).trim() === 'yes'

/** Starts the node's user data once; resolves when the runner has set its marker. */
export async function startPodmanUserData(
  name: string,
  node: NodeSpec,
  limitSeconds: number
): Promise<void> {
  if (node.userData === null || (await started(name))) return
  // Through stdin: the script never shows in an argument list.
  await podman(['exec', '--interactive', name, 'sh', '-c', COPY_IN, 'copy', DIR, 'script'], {
    input: node.userData,
  })
  await podman(['exec', '--interactive', name, 'sh', '-c', COPY_IN, 'copy', DIR, 'runner'], {
    input: runnerText(),
  })
  await podman(['exec', '--detach', name, 'sh', `${DIR}/runner`, DIR, String(limitSeconds)])
  for (let i = 0; i < 100; i++) {
    if (await started(name)) return
    await sleep(100)
  }
  throw new Error(`the user data of node ${node.id} did not start`)
}

export function readPodmanUserData(name: string, limitSeconds: number): Promise<UserDataRun> {
  return readRun(
    (limits) => podman(['exec', name, 'sh', '-c', READ_RUN, 'read', DIR], limits),
    limitSeconds
  )
}
