import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { databaseEnv } from '../helpers/database.js'
import { CLI, newDataDir, REPO } from '../helpers/server.js'

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`

/**
 * Starts `nodeplane serve` on a pseudo-terminal, as a person at a terminal does (util-linux's
 * `script`), asks it for `path` once it listens, then stops it; resolves with what it printed,
 * carriage returns and colours taken out.
 */
async function serveOnTerminal(env: Record<string, string>, path: string): Promise<string> {
  const dataDir = newDataDir()
  const command = [process.execPath, CLI, 'serve', '--port', '0', '--host', '127.0.0.1']
  const line = [...command, '--data', dataDir].map(quote).join(' ')
  const child = spawn('script', ['-qfec', line, '/dev/null'], {
    cwd: REPO,
    // Its own process group, so the whole of it (script, the shell, node) is stopped together.
    detached: true,
    env: { ...process.env, ...(await databaseEnv(dataDir)), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const clean = () => output.replace(/\r/g, '').replace(/\x1b\[[0-9;]*m/g, '')
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk
        if (/listening/.test(output)) resolve()
      })
      child.once('exit', () => reject(new Error(`the server ended before listening:\n${output}`)))
    })
    const url = /url[=":]+(https?:\/\/[\d.:]+)/.exec(clean())![1]!
    await (await fetch(`${url}${path}`)).arrayBuffer()
    // The request's line is written after its answer is sent.
    for (let wait = 0; wait < 50 && !clean().includes(path.split('?')[0]!); wait++)
      await new Promise((resolve) => setTimeout(resolve, 100))
  } finally {
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
  return clean()
}

describe('the start log on a terminal', () => {
  it('is one readable line per fact, with no JSON and no stack trace', async () => {
    const printed = await serveOnTerminal({}, '/openapi.json')
    const lines = printed.split('\n').filter((line) => /^\d\d:\d\d:\d\d /.test(line))
    expect(lines.find((line) => line.includes('listening'))).toMatch(
      /^\d\d:\d\d:\d\d INFO  listening url=http:\/\/127\.0\.0\.1:\d+ driver=simulated /
    )
    expect(lines).toContainEqual(expect.stringMatching(/ INFO  GET \/openapi.json 200 [\d.]+ ms /))
    expect(printed).not.toMatch(/^\{"level"/m)
    expect(printed).not.toMatch(/^\s+at /m)
  })

  it('stays JSON lines when NODEPLANE_LOG_FORMAT=json says so', async () => {
    const printed = await serveOnTerminal({ NODEPLANE_LOG_FORMAT: 'json' }, '/openapi.json')
    const json = printed.split('\n').filter((line) => line.startsWith('{'))
    const listening = json
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'listening')
    expect(listening).toMatchObject({ level: 30, driver: 'simulated' })
    expect(printed).not.toMatch(/^\d\d:\d\d:\d\d INFO /m)
  })
})
