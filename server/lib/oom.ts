/**
 * The control plane is the last process the kernel's OOM killer picks: nodes run on the same
 * machine (netns, podman), and a node that exhausts the machine's memory must not take the
 * API, the worker and the database down with it.
 * @module
 */
import { writeFileSync } from 'node:fs'
import type { Logger } from 'pino'

/**
 * How far this process is shielded: far enough that any node goes first, short of -1000,
 * which would exempt it altogether and leave the kernel nothing to free when it is the leak.
 */
export const CONTROL_PLANE_OOM_SCORE_ADJ = -900

/**
 * Lowers this process's `oom_score_adj` when it runs as root (only root may lower it); warns
 * when it cannot. Children inherit it: the drivers set their nodes' own back to 0.
 */
export function shieldFromOomKiller(log: Logger, file = '/proc/self/oom_score_adj'): void {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return
  try {
    writeFileSync(file, `${CONTROL_PLANE_OOM_SCORE_ADJ}\n`)
  } catch (err) {
    log.warn(
      { err, oom_score_adj: CONTROL_PLANE_OOM_SCORE_ADJ },
      'could not shield the server from the OOM killer; a node using up memory may kill it'
    )
  }
}
