import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { CONTROL_PLANE_OOM_SCORE_ADJ, shieldFromOomKiller } from '../../server/lib/oom.js'
import { tempDir } from '../helpers/temp-dirs.js'

const asRoot = process.platform === 'linux' && process.getuid?.() === 0
const fakeLog = () => ({ warn: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> }

describe.skipIf(!asRoot)('the control plane and the OOM killer', () => {
  it('sets the server last in line: oom_score_adj -900', () => {
    const file = join(tempDir('nodeplane-oom-'), 'oom_score_adj')
    writeFileSync(file, '0\n')
    const log = fakeLog()
    shieldFromOomKiller(log, file)
    expect(readFileSync(file, 'utf8').trim()).toBe(String(CONTROL_PLANE_OOM_SCORE_ADJ))
    expect(CONTROL_PLANE_OOM_SCORE_ADJ).toBe(-900)
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('warns and carries on when the kernel refuses', () => {
    const log = fakeLog()
    shieldFromOomKiller(log, join(tempDir('nodeplane-oom-'), 'missing', 'oom_score_adj'))
    expect(log.warn).toHaveBeenCalledOnce()
  })
})
