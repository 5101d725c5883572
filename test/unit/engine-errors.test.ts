import { Counter, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { countEngineErrors } from '../../server/operations/engine-errors.js'
import {
  hasPower,
  hasPreflight,
  type ProvisioningDriver,
} from '../../server/provisioning/driver.js'

function counter() {
  return new Counter({
    name: 'engine_errors',
    help: 'test',
    labelNames: ['operation'] as const,
    registers: [new Registry()],
  })
}

const count = async (errors: Counter<'operation'>, operation: string) =>
  (await errors.get()).values.find((v) => v.labels.operation === operation)?.value ?? 0

describe('countEngineErrors', () => {
  it('counts rejected calls by method, passes results and errors through, and not aborts', async () => {
    const errors = counter()
    const refusal = new Error('engine down')
    const driver = countEngineErrors(
      {
        name: 'fake',
        create: () => Promise.reject(refusal),
        waitUntilReady: (_node: unknown, signal: AbortSignal) =>
          signal.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve(),
        destroy: () => Promise.resolve(),
        power: () => Promise.resolve(),
      } as unknown as ProvisioningDriver,
      errors
    )
    await expect(driver.create({} as never)).rejects.toBe(refusal)
    await expect(driver.create({} as never)).rejects.toBe(refusal)
    await expect(driver.destroy({} as never)).resolves.toBeUndefined()
    const aborted = AbortSignal.abort()
    await expect(driver.waitUntilReady({} as never, aborted)).rejects.toThrow('aborted')
    expect(await count(errors, 'create')).toBe(2)
    expect(await count(errors, 'destroy')).toBe(0)
    expect(await count(errors, 'waitUntilReady')).toBe(0)
    // Capabilities are read through the wrapper as they were.
    expect([driver.name, hasPower(driver), hasPreflight(driver)]).toEqual(['fake', true, false])
  })
})
