import { spawnSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  CommandError,
  OutputLimitError,
  run,
  TimeoutError,
} from '../../server/provisioning/network/exec.js'
import { parseRun, READ_RUN, readRun } from '../../server/provisioning/user-data-runner.js'
import { tempDir } from '../helpers/temp-dirs.js'

// What a node's root controls (the programs `podman exec` runs in its container, the runner's
// files) reaches the control plane only through these bounds.
describe('commands whose output a tenant controls', () => {
  it('kills a command that prints past maxOutputBytes instead of buffering it', async () => {
    const started = Date.now()
    const result = run('sh', ['-c', 'yes nodeplane'], { maxOutputBytes: 100_000 })
    await expect(result).rejects.toBeInstanceOf(OutputLimitError)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('resolves output within the limit as before', async () => {
    await expect(run('sh', ['-c', 'printf héllo'], { maxOutputBytes: 6 })).resolves.toBe('héllo')
  })

  it('kills a command that hangs past timeoutMs', async () => {
    const started = Date.now()
    await expect(run('sleep', ['30'], { timeoutMs: 200 })).rejects.toBeInstanceOf(TimeoutError)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('keeps only the end of a flood on stderr for the error', async () => {
    const flood = 'head -c 5000000 /dev/zero | tr "\\0" x >&2; echo last >&2; exit 3'
    const err = (await run('sh', ['-c', flood]).catch((e: unknown) => e)) as CommandError
    expect(err).toBeInstanceOf(CommandError)
    expect(err.code).toBe(3)
    expect(err.stderr.length).toBeLessThanOrEqual(8 * 1024)
    expect(err.stderr.trimEnd().endsWith('last')).toBe(true)
  })
})

describe('readRun', () => {
  it('reads a run whose reading printed past the bound as unreadable, and passes the bounds', async () => {
    const result = await readRun((limits) => run('sh', ['-c', 'yes'], limits), 60)
    expect(result).toMatchObject({ state: 'unreadable', exitCode: null, output: '' })
  })

  it('lets other failures through, for the worker to retry', async () => {
    await expect(readRun(() => run('sh', ['-c', 'exit 2']), 60)).rejects.toBeInstanceOf(
      CommandError
    )
  })
})

describe('READ_RUN on files a node root made hostile', () => {
  const read = (dir: string) => {
    const out = spawnSync('sh', ['-c', READ_RUN, 'read', dir], { encoding: 'utf8' })
    expect(out.status).toBe(0)
    return out.stdout
  }

  it('prints one short line of each state file, however large, and reads such a run as lost', () => {
    const dir = tempDir('read-run-')
    mkdirSync(join(dir, 'started'))
    const huge = '7'.repeat(4 * 1024 * 1024)
    for (const name of ['status', 'started_at', 'finished_at', 'pid']) {
      writeFileSync(join(dir, name), huge)
    }
    writeFileSync(join(dir, 'output'), 'out\n')
    const printed = read(dir)
    expect(printed.length).toBeLessThan(1024)
    const run = parseRun(printed, 60)
    expect(run.state).toBe('lost')
    expect(run.output).toBe('out\n')
  })

  it('takes the first line of a status with more lines, so the layout stays four lines', () => {
    const dir = tempDir('read-run-')
    mkdirSync(join(dir, 'started'))
    writeFileSync(join(dir, 'status'), '0\nsucceeded\nforged\n')
    writeFileSync(join(dir, 'started_at'), '2026-01-01T00:00:00.000Z\n')
    writeFileSync(join(dir, 'finished_at'), '2026-01-01T00:00:01.000Z\n')
    writeFileSync(join(dir, 'output'), 'real output\n')
    const run = parseRun(read(dir), 60)
    expect(run).toMatchObject({ state: 'exited', exitCode: 0, output: 'real output\n' })
    expect(run.finishedAt?.toISOString()).toBe('2026-01-01T00:00:01.000Z')
  })

  it('reads no output through a link or from a fifo, and does not hang on them', () => {
    for (const make of [
      (path: string) => symlinkSync('/dev/zero', path),
      (path: string) => expect(spawnSync('mkfifo', [path]).status).toBe(0),
      (path: string) => symlinkSync('/etc/passwd', path),
    ]) {
      const dir = tempDir('read-run-')
      mkdirSync(join(dir, 'started'))
      writeFileSync(join(dir, 'status'), '0\n')
      make(join(dir, 'output'))
      const out = spawnSync('sh', ['-c', READ_RUN, 'read', dir], {
        encoding: 'utf8',
        timeout: 5000,
      })
      expect(out.status).toBe(0)
      expect(parseRun(out.stdout, 60)).toMatchObject({ state: 'exited', exitCode: 0, output: '' })
    }
  })

  it('still reads a run without status and a live runner as running', () => {
    const dir = tempDir('read-run-')
    mkdirSync(join(dir, 'started'))
    writeFileSync(join(dir, 'pid'), `${process.pid}\n`)
    writeFileSync(join(dir, 'started_at'), `${new Date().toISOString()}\n`)
    symlinkSync('/nonexistent', join(dir, 'output'))
    expect(parseRun(read(dir), 60).state).toBe('running')
  })
})
