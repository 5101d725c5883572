import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { shellQuote, userDataScript } from '../../server/nodes/cloud-config.js'
import { ProblemError } from '../../server/http/problem.js'
import { parseRun } from '../../server/provisioning/user-data-runner.js'
import { tempDir } from '../helpers/temp-dirs.js'

/** Runs a converted script with sh in a fresh directory (its paths point there); returns it. */
function runScript(script: string, dir: string) {
  const file = join(dir, 'script.sh')
  writeFileSync(file, script)
  return spawnSync('sh', [file], { cwd: dir, encoding: 'utf8' })
}

const HOSTILE = [
  "it's",
  '$(touch pwned)',
  '`touch pwned2`',
  '"; touch pwned3; "',
  'NODEPLANE_EOF',
  '\\n \\ $HOME',
]

describe('cloud-config conversion', () => {
  it('keeps every hostile path, content and argument literal when the script runs', () => {
    const dir = tempDir('nodeplane-cloud-config-')
    const path = join(dir, "sub dir/it's $(x).conf")
    const content = HOSTILE.join('\n')
    const text = [
      '#cloud-config',
      'write_files:',
      `  - path: ${JSON.stringify(path)}`,
      `    content: ${JSON.stringify(content)}`,
      '    permissions: 0640',
      `  - path: ${JSON.stringify(join(dir, 'bin'))}`,
      '    encoding: b64',
      `    content: ${Buffer.from([0, 1, 2, 255]).toString('base64')}`,
      'runcmd:',
      `  - ${JSON.stringify(['printf', '%s\\n', ...HOSTILE, '>', 'out'])}`,
      `  - ${JSON.stringify(`echo shell works > ${join(dir, 'shell.txt')}`)}`,
      '  - "echo \'unbalanced"',
      `  - ${JSON.stringify(`echo never > ${join(dir, 'never.txt')}`)}`,
      '',
    ].join('\n')
    const result = runScript(userDataScript(text), dir)
    // The unbalanced quote fails its own command only, and set -e stops there.
    expect(result.status).not.toBe(0)
    expect(readFileSync(path, 'utf8')).toBe(content)
    expect(statSync(path).mode & 0o777).toBe(0o640)
    expect([...readFileSync(join(dir, 'bin'))]).toEqual([0, 1, 2, 255])
    expect(result.stdout).toBe(`${HOSTILE.join('\n')}\n>\nout\n`)
    expect(readFileSync(join(dir, 'shell.txt'), 'utf8')).toBe('shell works\n')
    for (const name of ['pwned', 'pwned2', 'pwned3', 'never.txt', 'out'])
      expect(() => statSync(join(dir, name))).toThrow()
  })

  it('passes a #! script through unchanged and an empty cloud-config as a no-op', () => {
    expect(userDataScript('#!/usr/bin/env python3\nprint(1)\n')).toBe(
      '#!/usr/bin/env python3\nprint(1)\n'
    )
    const empty = userDataScript('#cloud-config\n')
    expect(runScript(empty, tempDir('nodeplane-cloud-config-')).status).toBe(0)
  })

  it("refuses users.name root, whose authorized_keys are the node's ssh_keys", () => {
    const text =
      '#cloud-config\nusers:\n  - name: root\n    ssh_authorized_keys: [ssh-ed25519 AAAA x]\n'
    const err = (() => {
      try {
        userDataScript(text)
      } catch (e) {
        return e as ProblemError
      }
    })()
    expect(err).toBeInstanceOf(ProblemError)
    expect(err!.status).toBe(400)
    expect(err!.options.errors?.[0]?.field).toBe('user_data')
    expect(err!.message).toMatch(/users\[0\]\.name.*ssh_keys/)
  })

  it.each([
    ['0o640', '640'],
    ['0o644', '644'],
    ["'0640'", '0640'],
    ['0644', '644'],
    ['600', '600'],
  ])('reads write_files permissions %s as the mode %s', (written, mode) => {
    const script = userDataScript(
      `#cloud-config\nwrite_files:\n  - path: /a\n    permissions: ${written}\n`
    )
    expect(script).toContain(`chmod ${mode} '/a'`)
  })

  it('refuses hexadecimal write_files permissions', () => {
    expect(() =>
      userDataScript('#cloud-config\nwrite_files:\n  - path: /a\n    permissions: 0x1a4\n')
    ).toThrow(/permissions/)
  })

  it('quotes for sh', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`)
  })

  it('throws a 400 naming user_data', () => {
    try {
      userDataScript('#cloud-config\npackages: [nginx]\n')
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(ProblemError)
      expect((err as ProblemError).status).toBe(400)
    }
  })
})

describe('reading a user data run', () => {
  const now = new Date('2026-01-01T00:10:00Z')
  it.each([
    ['absent\n', 'absent', null],
    ['running\n2026-01-01T00:09:00.000Z\n\n--\npartial', 'running', null],
    ['0\n2026-01-01T00:00:00.000Z\n2026-01-01T00:00:01.000Z\n--\nok\n', 'exited', 0],
    ['3\n2026-01-01T00:00:00.000Z\n2026-01-01T00:00:01.000Z\n--\n', 'exited', 3],
    ['killed\n2026-01-01T00:00:00.000Z\n2026-01-01T00:00:02.000Z\n--\n', 'killed', null],
    ['lost\n2026-01-01T00:00:00.000Z\n\n--\n', 'lost', null],
    // Running far past its limit: the node restarted under it.
    ['running\n2026-01-01T00:00:00.000Z\n\n--\n', 'lost', null],
    // A tenant may write anything into the node's files.
    ['rm -rf /\n\n\n--\n', 'lost', null],
  ])('reads %j as %s', (printed, state, exitCode) => {
    const run = parseRun(printed, 60, now)
    expect(run.state).toBe(state)
    expect(run.exitCode).toBe(exitCode)
  })

  it('keeps the output as printed', () => {
    expect(parseRun('0\n\n\n--\na\n\nb', 60, now).output).toBe('a\n\nb')
  })
})
