import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { cachedBriefly } from '../../server/provisioning/brief-cache.js'
import type { ProvisioningDriver } from '../../server/provisioning/driver.js'
import { engineErrorText } from '../../server/provisioning/engine-error.js'
import { CommandError } from '../../server/provisioning/network/exec.js'
import type { WorkerHooks } from '../../server/provisioning/worker-api.js'
import { createWorker } from '../../server/provisioning/worker.js'
import { testNodeSpec } from '../helpers/node-spec.js'

describe('a preflight cached briefly', () => {
  it('makes only the first call wait, and shares one check among concurrent callers', async () => {
    let checks = 0
    const check = cachedBriefly(
      async () => void checks++,
      {},
      () => 0
    )
    await Promise.all([check(), check(), check()])
    expect(checks).toBe(1)
  })

  it('answers from the last check at once, and checks again in the background once it is stale', async () => {
    let now = 0
    let broken = false
    let checks = 0
    let release = () => {}
    const check = cachedBriefly(
      async () => {
        checks++
        if (checks > 1) await new Promise<void>((resolve) => (release = resolve))
        if (broken) throw new Error('no image')
      },
      { okMs: 5000, failedMs: 1000 },
      () => now
    )
    await check()
    now = 4999
    await check()
    expect(checks).toBe(1)
    // Stale: the call answers with the last success while the engine is asked again, slowly.
    now = 5001
    broken = true
    await expect(check()).resolves.toBeUndefined()
    await expect(check()).resolves.toBeUndefined()
    expect(checks).toBe(2)
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // The failure is the answer now, kept for failedMs only.
    await expect(check()).rejects.toThrow('no image')
    broken = false
    now = 6000
    await expect(check()).rejects.toThrow('no image')
    now = 7002
    await expect(check()).rejects.toThrow('no image')
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    await expect(check()).resolves.toBeUndefined()
    expect(checks).toBe(3)
  })
})

describe('an engine error as a node record keeps it', () => {
  const node = testNodeSpec({ login: { user: 'root', password: 's3cret-pw' } })

  it('is one line without the node password', () => {
    expect(engineErrorText(new Error('chpasswd\nfailed for s3cret-pw'), node)).toBe(
      'chpasswd failed for [redacted]'
    )
  })

  it('names only the program and subcommand of a failed command, then what it printed', () => {
    const err = new CommandError(
      ['podman', 'run', '--name', 'x', '--cpus', '2'],
      125,
      'Error: boom\n'
    )
    expect(engineErrorText(err, node)).toBe('podman run exited with 125: Error: boom')
  })

  it('is at most 300 characters', () => {
    const text = engineErrorText(new Error('x'.repeat(5000)), node)
    expect(text).toHaveLength(300)
    expect(text.endsWith('…')).toBe(true)
  })
})

describe('the worker building a node', () => {
  it('tears a node down only after its create in flight has ended', async () => {
    const calls: string[] = []
    let finishCreate = () => {}
    const driver: ProvisioningDriver = {
      name: 'fake',
      create: () =>
        new Promise<void>((resolve) => {
          calls.push('create started')
          finishCreate = () => (calls.push('create ended'), resolve())
        }),
      waitUntilReady: async (_node, signal) => signal.throwIfAborted(),
      destroy: async () => void calls.push('destroy'),
    }
    const hooks = { markTornDown: async () => undefined } as unknown as WorkerHooks
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }))
    const node = testNodeSpec({ createdAt: new Date() })
    worker.track(node)
    await new Promise((resolve) => setTimeout(resolve, 10))
    worker.teardown(node)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls).toEqual(['create started'])
    finishCreate()
    await worker.idle()
    expect(calls).toEqual(['create started', 'create ended', 'destroy'])
  })

  it('retries a failing engine with backoff, then reports the node stuck with the last error', async () => {
    let attempts = 0
    const driver: ProvisioningDriver = {
      name: 'fake',
      create: async () => {
        attempts++
        throw new Error(`engine down (${attempts})`)
      },
      waitUntilReady: async () => undefined,
      destroy: async () => undefined,
    }
    const failures: [string, boolean][] = []
    const hooks = {
      provisioningFailed: async (_id: string, error: string, stuck: boolean) => (
        failures.push([error, stuck]),
        true
      ),
    } as unknown as WorkerHooks
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }), {
      stuckAfterMs: 2000,
    })
    worker.track(testNodeSpec({ createdAt: new Date() }))
    await worker.idle()
    // 0.5 s, 1 s, then the rest of the 2 s window: four attempts (a timer firing a hair
    // early makes a fifth), and the last one gives up.
    expect(attempts).toBeGreaterThanOrEqual(4)
    expect(attempts).toBeLessThanOrEqual(5)
    expect(failures.map(([, stuck]) => stuck)).toEqual([
      ...Array<boolean>(attempts - 1).fill(false),
      true,
    ])
    expect(failures.at(-1)![0]).toBe(`engine down (${attempts})`)
  })

  it('has the engine create at most buildConcurrency nodes at once, the others in the order they came', async () => {
    const started: string[] = []
    const finish = new Map<string, () => void>()
    const driver: ProvisioningDriver = {
      name: 'fake',
      create: (node) =>
        new Promise<void>((resolve) => {
          started.push(node.id)
          finish.set(node.id, resolve)
        }),
      waitUntilReady: async () => undefined,
      destroy: async () => undefined,
    }
    const running: string[] = []
    const hooks = {
      markRunning: async (id: string) => (running.push(id), true),
    } as unknown as WorkerHooks
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }), {
      buildConcurrency: 2,
    })
    for (const id of ['n1', 'n2', 'n3', 'n4'])
      worker.track(testNodeSpec({ id, createdAt: new Date() }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started).toEqual(['n1', 'n2'])
    finish.get('n2')!()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started).toEqual(['n1', 'n2', 'n3'])
    expect(running).toEqual(['n2'])
    finish.get('n1')!()
    await new Promise((resolve) => setTimeout(resolve, 20))
    finish.get('n3')!()
    await new Promise((resolve) => setTimeout(resolve, 20))
    finish.get('n4')!()
    await worker.idle()
    expect(started).toEqual(['n1', 'n2', 'n3', 'n4'])
    expect(running.sort()).toEqual(['n1', 'n2', 'n3', 'n4'])
  })

  it('never creates a node deleted while it waited for a build slot', async () => {
    const calls: string[] = []
    let finishFirst = () => {}
    const driver: ProvisioningDriver = {
      name: 'fake',
      create: (node) =>
        new Promise<void>((resolve) => {
          calls.push(`create ${node.id}`)
          finishFirst = resolve
        }),
      waitUntilReady: async () => undefined,
      destroy: async (node) => void calls.push(`destroy ${node.id}`),
    }
    const hooks = {
      markRunning: async () => true,
      markTornDown: async () => undefined,
    } as unknown as WorkerHooks
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }), {
      buildConcurrency: 1,
    })
    const waiting = testNodeSpec({ id: 'n2', createdAt: new Date() })
    worker.track(testNodeSpec({ id: 'n1', createdAt: new Date() }))
    worker.track(waiting)
    await new Promise((resolve) => setTimeout(resolve, 20))
    worker.teardown(waiting)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toEqual(['create n1', 'destroy n2'])
    finishFirst()
    await worker.idle()
    expect(calls).toEqual(['create n1', 'destroy n2'])
  })

  it('does not count the wait for a build slot against the engine retries of a node', async () => {
    const attempts = new Map<string, number>()
    const driver: ProvisioningDriver = {
      name: 'fake',
      create: async (node) => {
        const attempt = (attempts.get(node.id) ?? 0) + 1
        attempts.set(node.id, attempt)
        // The first node holds the only slot past the second's stuck window; the second
        // node's engine then fails once.
        if (node.id === 'n1') await new Promise((resolve) => setTimeout(resolve, 1500))
        else if (attempt === 1) throw new Error('engine busy')
      },
      waitUntilReady: async () => undefined,
      destroy: async () => undefined,
    }
    const failures: [string, boolean][] = []
    const running: string[] = []
    const hooks = {
      markRunning: async (id: string) => (running.push(id), true),
      provisioningFailed: async (id: string, _error: string, stuck: boolean) => (
        failures.push([id, stuck]),
        true
      ),
    } as unknown as WorkerHooks
    const worker = createWorker('w', driver, hooks, pino({ level: 'silent' }), {
      buildConcurrency: 1,
      stuckAfterMs: 1000,
    })
    worker.track(testNodeSpec({ id: 'n1', createdAt: new Date() }))
    worker.track(testNodeSpec({ id: 'n2', createdAt: new Date() }))
    await worker.idle()
    expect(failures).toEqual([['n2', false]])
    expect(running).toEqual(['n1', 'n2'])
  })
})
