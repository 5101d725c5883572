import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Value } from '../../provider/framework/values.js'

/** The memory as a new provider process sees it: the module loaded afresh. */
const freshProcess = async () => {
  vi.resetModules()
  return import('../../provider/resources/placement-memory.js')
}

const scope = { endpoint: 'http://127.0.0.1:1', region: 'us-east-1' }
const web = (i: number, vpc: Value = 'vpc-1') => ({
  name: `web-${i}`,
  region: 'us-east-1',
  vpc_id: vpc,
})

describe('placement memory between plan and apply', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'placements-'))
    vi.stubEnv('TF_DATA_DIR', dir)
  })
  afterEach(() => {
    vi.unstubAllEnvs()
    rmSync(dir, { recursive: true, force: true })
  })

  it('gives each node the host its plan chose, whatever order apply plans them in', async () => {
    const plan = await freshProcess()
    plan.remember(scope, web(0), 'host-a')
    plan.remember(scope, web(1), 'host-b')
    const apply = await freshProcess()
    expect(apply.recall(scope, web(1))).toBe('host-b')
    expect(apply.recall(scope, web(0))).toBe('host-a')
  })

  it('recognises a node whose attribute was unknown at plan time and is known at apply', async () => {
    const plan = await freshProcess()
    // The module graph of this "process": its Unknown is the one the memory checks against.
    const { unknown } = await import('../../provider/framework/values.js')
    plan.remember(scope, web(0, unknown), 'host-a')
    const apply = await freshProcess()
    expect(apply.recall(scope, web(0, 'vpc-made-by-apply'))).toBe('host-a')
  })

  it('forgets a host once its node was created, and knows nothing of another region', async () => {
    const plan = await freshProcess()
    plan.remember(scope, web(0), 'host-a')
    plan.forget('host-a')
    const later = await freshProcess()
    expect(later.recall(scope, web(0))).toBeUndefined()
    later.remember(scope, web(1), 'host-b')
    const other = await freshProcess()
    expect(other.recall({ ...scope, region: 'eu-west-1' }, web(1))).toBeUndefined()
  })
})
