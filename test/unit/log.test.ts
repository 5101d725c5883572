import { describe, expect, it } from 'vitest'
import { createLogger, type LogFormat } from '../../server/lib/log.js'
import { prettyLine } from '../../server/lib/log-pretty.js'

/** A logger writing into an array, one entry per line it printed. */
function capture(level: string, format: LogFormat) {
  const lines: string[] = []
  const out = { write: (text: string) => lines.push(...text.split('\n').filter(Boolean)) }
  return { log: createLogger(level, format, out), lines }
}

const failure = () =>
  Object.assign(new Error('EACCES: permission denied, write'), { code: 'EACCES' })

describe('the server log', () => {
  it('JSON: a warning carries its error without the stack, an error keeps it', () => {
    const { log, lines } = capture('info', 'json')
    log.warn({ err: failure(), oom_score_adj: -900 }, 'could not shield the server')
    log.error({ err: failure() }, 'unhandled error')
    const [warning, error] = lines.map((line) => JSON.parse(line))
    expect(warning).toMatchObject({
      level: 40,
      msg: 'could not shield the server',
      oom_score_adj: -900,
      err: { type: 'Error', message: 'EACCES: permission denied, write', code: 'EACCES' },
    })
    expect(warning.err.stack).toBeUndefined()
    expect(error.err.stack).toContain('at ')
  })

  it('NODEPLANE_LOG_LEVEL=debug keeps the stacks of warnings', () => {
    const { log, lines } = capture('debug', 'json')
    log.warn(failure(), 'could not shield the server')
    expect(JSON.parse(lines[0]!).err.stack).toContain('at ')
  })

  it('pretty: one readable line per fact, requests as method, path, status and duration', () => {
    const { log, lines } = capture('info', 'pretty')
    log.warn({ err: failure(), oom_score_adj: -900 }, 'could not shield the server')
    log.info({ url: 'http://127.0.0.1:8080', driver: 'simulated' }, 'listening')
    log.info(
      { request_id: 'r1', method: 'GET', path: '/nodes', status: 200, duration_ms: 3.1 },
      'request'
    )
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d (\x1b\[33m)?WARN (\x1b\[0m)? could not shield the server err="EACCES: permission denied, write" oom_score_adj=-900$/
    )
    expect(lines[1]).toMatch(
      /^\d\d:\d\d:\d\d INFO  listening url=http:\/\/127.0.0.1:8080 driver=simulated$/
    )
    expect(lines[2]).toMatch(/^\d\d:\d\d:\d\d INFO  GET \/nodes 200 3.1 ms request_id=r1$/)
  })

  it('pretty: an error shows its stack on the lines below', () => {
    const text = prettyLine(
      JSON.stringify({
        level: 50,
        time: '2026-11-29T06:10:28.000Z',
        msg: 'unhandled error',
        err: { message: 'boom', stack: 'Error: boom\n    at f (x.js:1:1)' },
      })
    )
    expect(text).toBe(
      '06:10:28 ERROR unhandled error err="boom"\n    Error: boom\n    at f (x.js:1:1)'
    )
  })
})
