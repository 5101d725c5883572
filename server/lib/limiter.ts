/**
 * At most `limit` tasks at once; the others wait their turn in the order they came. A waiting
 * task whose `signal` aborts leaves the queue without running and rejects with its reason.
 * @module
 */

/** Runs `task` once fewer than the limit's tasks are running. */
export type Limiter = <T>(task: () => Promise<T>, signal?: AbortSignal) => Promise<T>

/** A limiter of `limit` tasks at once (at least one). */
export function createLimiter(limit: number): Limiter {
  const slots = Math.max(1, Math.floor(limit))
  let running = 0
  const waiting: (() => void)[] = []

  function release(): void {
    running--
    waiting.shift()?.()
  }

  function acquire(signal: AbortSignal | undefined): Promise<void> {
    if (running < slots) {
      running++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      signal?.throwIfAborted()
      const turn = () => {
        signal?.removeEventListener('abort', leave)
        running++
        resolve()
      }
      const leave = () => {
        waiting.splice(waiting.indexOf(turn), 1)
        // An AbortSignal's reason is the AbortError it was aborted with (DOMException)
        reject(signal!.reason as Error)
      }
      waiting.push(turn)
      signal?.addEventListener('abort', leave, { once: true })
    })
  }

  return async (task, signal) => {
    await acquire(signal)
    try {
      return await task()
    } finally {
      release()
    }
  }
}
