/**
 * Switching a node's container off, cleanly or hard, and telling a guest's own poweroff from a
 * crash or a kill by how its init ended.
 *
 * Nodes run with CAP_SYS_BOOT in their own user and PID namespaces (container.ts), where the
 * kernel turns the reboot(2) of systemd's last step into the end of the namespace's init by a
 * signal, without touching the machine: SIGINT for `poweroff` and `halt`, SIGHUP for `reboot`.
 * podman reports that as exit code 128 + the signal. Without the capability (containers made
 * before nodeplane granted it), systemd exits with 0 for both.
 * @module
 */
import { containerState, podman } from './podman.js'

/** How long a clean stop may take before podman kills the node (`podman stop --time`). */
export const SHUTDOWN_GRACE_SECONDS = 60

/**
 * The exit codes of a guest that powered itself off: 130 (its init ended by the kernel's
 * SIGINT: `poweroff` or `halt` inside) and 0 (systemd exited by itself, as it does in a
 * container without CAP_SYS_BOOT). A reboot inside ends with 129 (SIGHUP) and a kill from
 * outside with 137 (SIGKILL): those nodes are revived.
 */
const GUEST_POWEROFF_EXIT_CODES = new Set([130, 0])

/** Whether the stopped container `name` was powered off from inside (see above). */
export async function stoppedByGuest(name: string): Promise<boolean> {
  const state = await containerState(name)
  return state !== undefined && !state.running && GUEST_POWEROFF_EXIT_CODES.has(state.exitCode)
}

/**
 * Stops the node's container: `clean` sends systemd SIGRTMIN+3 (the image's STOPSIGNAL, a
 * shutdown through init) and kills it after the grace period; otherwise it is killed at once,
 * as pulling the plug. Resolves once it is stopped; a stopped or missing one is left as it is.
 */
export async function stopContainer(name: string, clean: boolean): Promise<void> {
  const state = await containerState(name)
  if (!state?.running) return
  if (clean) {
    await podman(['stop', '--time', String(SHUTDOWN_GRACE_SECONDS), name])
    return
  }
  try {
    await podman(['kill', '--signal', 'KILL', name])
  } catch (err) {
    // It stopped on its own meanwhile: what was asked.
    if ((await containerState(name))?.running) throw err
  }
  await podman(['wait', name])
}
