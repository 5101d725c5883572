/**
 * What starting a plugin costs: spawn it as go-plugin does and time it to its handshake line,
 * in wall time and in CPU time (read by /usr/bin/time, which holds on a busy machine). Shared
 * by provider.bench.ts and provider-exe.bench.ts.
 * @module
 */
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE } from '../../provider/protocol/plugin.js'
import { selfSignedCertificate, startKeyGeneration } from '../../provider/protocol/tls.js'
import { tempDir } from '../helpers/temp-dirs.js'

export interface StartCost {
  /** Median wall ms from spawning to the handshake line. */
  wallMs: number
  /** Median CPU ms (user + system) of the whole start, to the handshake and a SIGTERM exit. */
  cpuMs: number
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

/** `command` run under /usr/bin/time: its arguments, and the CPU ms (user + system) once it exited. */
export function underTime(command: string[]) {
  const rusage = join(tempDir('nodeplane-cpu-time-'), 'rusage')
  return {
    args: ['-f', '%U %S', '-o', rusage, ...command],
    cpuMs: () => {
      const [user, system] = readFileSync(rusage, 'utf8')
        .trim()
        .split('\n')
        .at(-1)!
        .split(' ')
        .map(Number)
      return Math.round((user! + system!) * 1000)
    },
  }
}

/**
 * Starts `exe` `times` times as go-plugin does and stops it once it printed its handshake line.
 * On a shared machine wall time swings with the neighbours; the CPU time barely does.
 */
export async function startCost(
  exe: string,
  env: Record<string, string> = {},
  times = 9
): Promise<StartCost> {
  const clientCert = selfSignedCertificate(await startKeyGeneration())
  // A Go plugin listens on a unix socket in $TMPDIR that a SIGTERM leaves behind.
  const scratch = tempDir('nodeplane-start-cost-')
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < times; i++) {
    const measured = underTime([exe])
    const start = performance.now()
    const timer = spawn('/usr/bin/time', measured.args, {
      env: {
        ...process.env,
        [MAGIC_COOKIE_KEY]: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: '6',
        PLUGIN_CLIENT_CERT: clientCert.certPem,
        TMPDIR: scratch,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    })
    await new Promise((resolve) => timer.stdout.once('data', resolve))
    wall.push(performance.now() - start)
    const exited = new Promise((resolve) => timer.once('exit', resolve))
    execFileSync('pkill', ['-TERM', '-P', String(timer.pid)])
    await exited
    cpu.push(measured.cpuMs())
  }
  return { wallMs: Math.round(median(wall)), cpuMs: Math.round(median(cpu)) }
}

/** A script printing a handshake-shaped line and waiting: what starting a runtime costs at least. */
export const FLOOR_SCRIPT =
  "process.stdout.write('1|6|tcp|127.0.0.1:1|grpc|\\n')\nsetInterval(() => {}, 1000)\nprocess.on('SIGTERM', () => process.exit(0))\n"

/** {@link FLOOR_SCRIPT} run by `node` from the PATH. */
export function nodeFloor(): string {
  const exe = join(tempDir('nodeplane-node-floor-'), 'floor')
  writeFileSync(exe, `#!/usr/bin/env node\n${FLOOR_SCRIPT}`, { mode: 0o755 })
  return exe
}
