/**
 * Counts the provisioning engine's failures for `/metrics`, around any driver, without a line in
 * the drivers themselves.
 * @module
 */
import type { Counter } from 'prom-client'
import type { ProvisioningDriver } from '../provisioning/driver.js'

/**
 * `driver` with every method that returns a promise counted into `errors` (by method name)
 * when it rejects. A call aborted by its signal is the worker giving up (a delete during
 * create), not the engine failing, so it is not counted. Everything else passes through: the
 * capability checks (`hasPower(driver)`, ...) see the same methods.
 */
export function countEngineErrors<D extends ProvisioningDriver>(
  driver: D,
  errors: Counter<'operation'>
): D {
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function' || typeof property !== 'string') return value
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, args)
        if (!(result instanceof Promise)) return result
        return result.catch((err: unknown) => {
          if (!args.some(isAborted)) errors.inc({ operation: property })
          throw err
        })
      }
    },
  })
}

const isAborted = (arg: unknown) => arg instanceof AbortSignal && arg.aborted
