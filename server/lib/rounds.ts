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

/** Why a round runs: `periodic` for the first one and any the interval asked for (too). */
export interface RoundCause {
  periodic: boolean
}

/**
 * Starts rounds of `round`, which must not reject (it logs its own failures). A round that
 * only `now()` asked for is told so: a caller may do less then than on the periodic net.
 */
export function startRounds(
  round: (cause: RoundCause) => Promise<void>,
  intervalMs: number
): Rounds {
  const firstRound = round({ periodic: true })
  let running = firstRound
  let queued = false
  let periodic = false
  let stopped = false
  const ask = (byInterval: boolean) => {
    if (stopped) return
    periodic ||= byInterval
    if (queued) return
    queued = true
    running = running.then(() => {
      const cause = { periodic }
      queued = false
      periodic = false
      return round(cause)
    })
  }
  const now = () => ask(false)
  const timer = setInterval(() => ask(true), intervalMs)
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
