import { describe, expect, it } from 'vitest'
import { UserDataSection } from '../../server/dashboard/node-user-data.view.js'
import { LabelChips } from '../../server/dashboard/components/labels.js'
import { labelLines, parseLabelLines } from '../../server/dashboard/labels.js'
import { ProblemError } from '../../server/http/problem.js'

const html = async (element: unknown) =>
  String(await (element as { toString(): unknown }).toString())

describe('Node Details user-data section', () => {
  it('shows the output of a script as text: markup in it is escaped, never run', async () => {
    const output = '<script>alert(1)</script>\n<img src=x onerror=alert(2)> & done\n'
    const page = await html(
      UserDataSection({
        status: 'failed',
        result: {
          status: 'failed',
          exit_code: 3,
          output,
          started_at: '2026-11-24T12:00:00.000Z',
          finished_at: '2026-11-24T12:00:05.000Z',
        },
      })
    )
    expect(page).not.toContain('<script>')
    expect(page).not.toContain('<img')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).toContain('&amp; done')
    expect(page).toContain('>3<')
  })

  it('says so for a node without user data', async () => {
    expect(await html(UserDataSection({ status: null }))).toContain('created without user data')
  })
})

describe('dashboard labels textarea', () => {
  it('reads key=value lines, trimming blanks and spaces, and writes them back sorted', () => {
    const labels = parseLabelLines('tier = web\r\n\r\nenv=prod\nempty=\n')
    expect(labels).toEqual({ tier: 'web', env: 'prod', empty: '' })
    expect(labelLines(labels)).toBe('empty=\nenv=prod\ntier=web')
  })

  it('refuses a line without a key or "=", and a repeated key, naming the line', () => {
    for (const [text, message] of [
      ['env=prod\noops', 'line 2 (“oops”) is not key=value'],
      ['=prod', 'line 1 (“=prod”) is not key=value'],
      ['env=a\nenv=b', 'line 2 repeats the key “env”'],
    ]) {
      const thrown = (() => {
        try {
          parseLabelLines(text!)
        } catch (err) {
          return err
        }
      })() as ProblemError
      expect(thrown).toBeInstanceOf(ProblemError)
      expect(thrown.options.errors).toEqual([{ field: 'labels', message }])
    }
  })

  it('shows label chips escaped', async () => {
    const chips = await html(LabelChips({ labels: { 'a<b': '"x"' } }))
    expect(chips).toContain('a&lt;b=&quot;x&quot;')
  })
})
