/**
 * Runs tasks one at a time per key, in the order they were queued: two operations on one
 * node (an attach racing a delete, a restart's rebuild racing a create) never interleave.
 */
/** A queue of tasks per key, as keyedSerial makes; engines take one to order their work per node. */
export type Serial = <T>(key: string, task: () => Promise<T>) => Promise<T>

export function keyedSerial(): Serial {
  const tails = new Map<string, Promise<unknown>>()
  return function serial<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve()
    const result = previous.catch(() => undefined).then(task)
    const tail = result.catch(() => undefined)
    tails.set(key, tail)
    // Forget the key once its queue drains, so the map stays as small as the work in flight.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return result
  }
}
