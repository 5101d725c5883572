/**
 * Work done in rounds, one at a time: the first at once, then every `intervalMs` and whenever
 * `now()` asks. At most one round waits behind the one running, and asks meanwhile join it, so
 * a slow round (an engine or a database slow to answer) never piles others up.
 * @module
 */

export interface Rounds {
  /** Settles once the first round has ended. */
  firstRound: Promise<void>
  /** Asks for a round at once, after the one running. */
  now: () => void
  /** Stops the rounds; resolves once the one in flight has ended. */
  stop: () => Promise<void>
}

/** Starts rounds of `round`, which must not reject (it logs its own failures). */
export function startRounds(round: () => Promise<void>, intervalMs: number): Rounds {
  const firstRound = round()
  let running = firstRound
  let queued = false
  let stopped = false
  const now = () => {
    if (queued || stopped) return
    queued = true
    running = running.then(() => {
      queued = false
      return round()
    })
  }
  const timer = setInterval(now, intervalMs)
  timer.unref()
  return {
    firstRound,
    now,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
