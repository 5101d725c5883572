/**
 * docs/operations/nodeplane.service and its root drop-in, checked with `systemd-analyze verify`
 * (these machines have systemd's tools but no systemd running, so the unit is never started
 * here). verify checks that ExecStart names an executable: the copy checked points at the
 * `nodeplane` command the suites run (this checkout's bin/nodeplane.js, the same script the
 * package installs as `<prefix>/bin/nodeplane`, or NODEPLANE_TEST_CLI's installed one), the
 * only line changed.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLI, REPO, startServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const UNIT = join(REPO, 'docs/operations/nodeplane.service')
const ROOT_DROP_IN = join(REPO, 'docs/operations/nodeplane-root.conf')
const DOCUMENTED_COMMAND = '/opt/nodeplane/bin/nodeplane'

const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' })
const noAnalyze = analyze.error !== undefined || analyze.status !== 0
if (noAnalyze) console.warn('systemd-analyze is not installed: the systemd unit is not verified')

const command = CLI

/** The unit as an operator installs it, ExecStart pointing at `command`, in a directory of its own. */
function installUnit(unit = readFileSync(UNIT, 'utf8'), dropIn?: string): string {
  expect(unit).toContain(`ExecStart=${DOCUMENTED_COMMAND} serve\n`)
  const dir = tempDir('nodeplane-unit-')
  const file = join(dir, 'nodeplane.service')
  writeFileSync(file, unit.replace(`ExecStart=${DOCUMENTED_COMMAND} `, `ExecStart=${command} `))
  if (dropIn !== undefined) {
    mkdirSync(`${file}.d`)
    writeFileSync(join(`${file}.d`, 'root.conf'), dropIn)
  }
  return file
}

/**
 * What `systemd-analyze verify` says about the unit: its status and every line it printed.
 * It exits 0 on unknown keys and unparsable values (it ignores them), so any line is a fault.
 */
function verify(file: string): { status: number | null; output: string[] } {
  const run = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' })
  const output = `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '')
  return { status: run.status, output }
}

/** The `Name=` keys of a unit file's lines between `from` and the next blank line. */
function keysAfter(text: string, from: string): string[] {
  const start = text.indexOf(from)
  expect(start, from).toBeGreaterThanOrEqual(0)
  const block = text.slice(start).split('\n\n')[0]!
  return [...block.matchAll(/^([A-Za-z]+)=/gm)].map((match) => match[1]!)
}

describe.skipIf(noAnalyze)('the systemd unit in docs/operations', () => {
  it('passes systemd-analyze verify without a word', () => {
    expect(verify(installUnit())).toEqual({ status: 0, output: [] })
  })

  it('passes with the root drop-in for the podman and netns drivers', () => {
    const file = installUnit(undefined, readFileSync(ROOT_DROP_IN, 'utf8'))
    expect(verify(file)).toEqual({ status: 0, output: [] })
  })

  it('the root drop-in turns off every sandbox option the unit sets', () => {
    const sandbox = keysAfter(readFileSync(UNIT, 'utf8'), '# Sandbox:')
    expect(sandbox.length).toBeGreaterThan(10)
    const dropIn = readFileSync(ROOT_DROP_IN, 'utf8')
    for (const key of sandbox) expect(dropIn, key).toMatch(new RegExp(`^${key}=`, 'm'))
    expect(dropIn).toMatch(/^User=root$/m)
    expect(dropIn).toMatch(/^KillMode=process$/m)
  })

  it('fails on a misspelt directive, a bad value and a missing program (the check is not blind)', () => {
    const unit = readFileSync(UNIT, 'utf8')
    const misspelt = verify(installUnit(unit.replace('ProtectHome=yes', 'ProtectHomes=yes')))
    expect(misspelt.output.join('\n')).toMatch(/Unknown key 'ProtectHomes'/)
    const badValue = verify(installUnit(unit.replace('KillMode=mixed', 'KillMode=gently')))
    expect(badValue.output.join('\n')).toMatch(/kill mode/i)
    const file = installUnit()
    writeFileSync(file, readFileSync(file, 'utf8').replace(command, `${command}-gone`))
    const missing = verify(file)
    expect(missing.status).not.toBe(0)
    expect(missing.output.join('\n')).toMatch(/is not executable/)
  })

  it('the server exits 0 on SIGTERM well within TimeoutStopSec', async () => {
    const unit = readFileSync(UNIT, 'utf8')
    const timeoutStop = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m)
    const server = await startServer()
    const started = Date.now()
    await server.stop()
    const seconds = (Date.now() - started) / 1000
    expect(server.process.exitCode).toBe(0)
    expect(seconds).toBeLessThan(timeoutStop / 3)
  })
})
