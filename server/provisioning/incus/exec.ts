/**
 * Running programs and writing files inside an Incus instance through the REST API, with the
 * same bounds as `podman exec`: what a node prints is the node root's to choose, so it is
 * read only up to a limit. Secrets go in a file that the command reads and removes, never in
 * an argument.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { OutputLimitError, CommandError, type RunOptions } from '../network/exec.js'
import type { IncusClient, Operation } from './incus-client.js'

const EXEC_OUTPUT_MAX_BYTES = 1024 * 1024
const EXEC_TIMEOUT_MS = 60_000

/** Writes a file (or makes a directory) in the instance, running or stopped, owned by root. */
export async function pushFile(
  client: IncusClient,
  instance: string,
  path: string,
  content: string | Buffer,
  mode = '0644',
  type: 'file' | 'directory' = 'file'
): Promise<void> {
  await client.raw('POST', `/1.0/instances/${instance}/files?path=${encodeURIComponent(path)}`, {
    raw: content,
    headers: {
      'X-Incus-uid': '0',
      'X-Incus-gid': '0',
      'X-Incus-mode': mode,
      'X-Incus-type': type,
      'X-Incus-write': 'overwrite',
    },
  })
}

/** Runs `command` with `sh -c` semantics off; stdin from `options.input` through a file. */
export async function execIn(
  client: IncusClient,
  instance: string,
  command: string[],
  options: RunOptions = {}
): Promise<string> {
  let argv = command
  if (options.input !== undefined) {
    // No stdin without a websocket: the input waits in a file only root can read, which the
    // command's shell removes before anything else runs.
    const file = `/run/nodeplane-stdin-${randomBytes(8).toString('hex')}`
    await pushFile(client, instance, file, options.input, '0600')
    argv = ['sh', '-c', 'f=$1; shift; exec <"$f"; rm -f "$f"; exec "$@"', 'stdin', file, ...command]
  }
  const timeoutMs = options.timeoutMs ?? EXEC_TIMEOUT_MS
  const op = await client.call<Operation>('POST', `/1.0/instances/${instance}/exec`, {
    body: {
      command: argv,
      environment: { HOME: '/root', PATH: '/usr/sbin:/usr/bin:/sbin:/bin' },
      'wait-for-websocket': false,
      interactive: false,
      'record-output': true,
    },
    timeoutMs,
  })
  const meta = (op.metadata ?? {}) as { return?: number; output?: Record<string, string> }
  const limit = options.maxOutputBytes ?? EXEC_OUTPUT_MAX_BYTES
  const [stdout, stderr] = await Promise.all([
    readLog(client, meta.output?.['1'], limit, command),
    readLog(client, meta.output?.['2'], 8 * 1024, command).catch(() => ''),
  ])
  if (meta.return !== 0)
    throw new CommandError(['incus exec', instance, ...command], meta.return ?? null, stderr)
  return stdout
}

/** Reads and deletes one recorded output of an exec, killing the read past `limit` bytes. */
async function readLog(
  client: IncusClient,
  path: string | undefined,
  limit: number,
  command: string[]
): Promise<string> {
  if (!path) return ''
  try {
    const bytes = await client.raw('GET', path, { maxBytes: limit }).catch((err: unknown) => {
      if (err instanceof Error && /passed \d+ bytes/.test(err.message))
        throw new OutputLimitError(command, limit)
      throw err
    })
    return bytes.toString('utf8')
  } finally {
    await client.raw('DELETE', path).catch(() => undefined)
  }
}
