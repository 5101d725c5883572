/**
 * The engines' shared side of user data: the runner script they start inside a node
 * (user-data-runner.sh) and the reading of what it left there. See docs/drivers.md.
 * @module
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { UserDataRun } from './driver.js'
import { OutputLimitError, type RunOptions } from './network/exec.js'

/** The runner, as a file (netns runs it in place) and as text (podman copies it into a node). */
export const RUNNER_PATH = fileURLToPath(new URL('./user-data-runner.sh', import.meta.url))
export const runnerText = (): string => readFileSync(RUNNER_PATH, 'utf8')

/** How long user data may run by default before it is killed and reported `failed`. */
export const USER_DATA_TIMEOUT_SECONDS = 600

/** How much later than its limit a run still `running` counts as lost (its node restarted). */
const LOST_AFTER_LIMIT_MS = 60_000

/**
 * `sh -c READ_RUN read DIR` prints the runner's state in DIR: four lines (status or
 * `running`/`lost`/`absent`, started_at, finished_at, a separator), then the output's last 64 KiB.
 */
export const READ_RUN = [
  'd=$1',
  '[ -d "$d/started" ] || { echo absent; exit 0; }',
  // The node's root may have made these files anything: at most one short line of each.
  'first() { head -c 64 "$1" 2>/dev/null | head -n 1; }',
  'line() { printf "%s\\n" "$(if [ -e "$1" ]; then first "$1"; else echo "$2"; fi)"; }',
  // No status and no runner: it died with its node. Status is looked at again, as the runner
  // writes it just before it exits.
  'pid=$(head -c 16 "$d/pid" 2>/dev/null)',
  'alive() { [ -z "$pid" ] || kill -0 "$pid" 2>/dev/null; }',
  'if [ -e "$d/status" ] || alive || [ -e "$d/status" ]; then line "$d/status" running; else echo lost; fi',
  'line "$d/started_at" ""',
  'line "$d/finished_at" ""',
  'echo --',
  // A regular file only: a link (to an endless device, to a file of the machine's on netns)
  // or a fifo would make tail print what is not the run's, or never end.
  'if [ -f "$d/output" ] && [ ! -L "$d/output" ]; then tail -c 65536 "$d/output" 2>/dev/null; fi',
  'true',
].join('\n')

const date = (text: string | undefined): Date | null => {
  const parsed = text ? new Date(text) : undefined
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : null
}

/** What READ_RUN printed, as a run; `limitSeconds` tells a lost run from a running one. */
export function parseRun(printed: string, limitSeconds: number, now = new Date()): UserDataRun {
  const lines = printed.split('\n')
  const [status, started, finished] = lines
  const none = { exitCode: null, output: '', startedAt: null, finishedAt: null }
  if (status === 'absent' || lines.length < 4) return { state: 'absent', ...none }
  const run = {
    ...none,
    output: lines.slice(4).join('\n'),
    startedAt: date(started),
    finishedAt: date(finished),
  }
  if (status === 'running') {
    const startedMs = run.startedAt?.getTime() ?? now.getTime()
    const lost = now.getTime() > startedMs + limitSeconds * 1000 + LOST_AFTER_LIMIT_MS
    return { ...run, state: lost ? 'lost' : 'running' }
  }
  if (status === 'killed' || status === 'lost') return { ...run, state: status }
  // The node's own files: a tenant may have written anything there.
  if (!/^\d{1,3}$/.test(status ?? '')) return { ...run, state: 'lost' }
  return { ...run, state: 'exited', exitCode: Number(status) }
}

/** `sh -c STARTED_PROBE probe DIR` prints `yes` once the runner in DIR has set its marker. */
export const STARTED_PROBE = '[ -d "$1/started" ] && echo yes || true'

/** The node-side directory of the runner's files in a podman node. */
export const CONTAINER_USER_DATA_DIR = '/var/lib/nodeplane/user-data'

/** The bounds of one READ_RUN, which prints four short lines and at most 64 KiB of output. */
const READ_LIMITS: RunOptions = { maxOutputBytes: 1024 * 1024, timeoutMs: 60_000 }

/**
 * Runs READ_RUN through `read` (inside the node or on its directory) within READ_LIMITS and
 * parses it. More output than READ_RUN can print means the node's root replaced what it runs
 * (its sh, its tail) or what it reads (an `output` made a link to an endless device): no later
 * read will do better, so the run is `unreadable`.
 */
export async function readRun(
  read: (limits: RunOptions) => Promise<string>,
  limitSeconds: number
): Promise<UserDataRun> {
  try {
    return parseRun(await read(READ_LIMITS), limitSeconds)
  } catch (err) {
    if (err instanceof OutputLimitError) return UNREADABLE
    throw err
  }
}

const UNREADABLE: UserDataRun = {
  state: 'unreadable',
  exitCode: null,
  output: '',
  startedAt: null,
  finishedAt: null,
}
