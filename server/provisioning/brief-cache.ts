/**
 * A check whose answer is kept for a moment, for driver preflights, which every `POST /nodes`
 * asks. Only the first call waits for the check. After that every call gets the last answer
 * at once; once it is older than `okMs` (a success) or `failedMs` (a failure), a call starts
 * one check in the background, and its answer serves the calls after it. So a create never
 * waits behind an engine busy building other nodes (`podman image exists` queues behind
 * twenty `podman run`s for the storage lock), and an engine that comes back, or goes away, is
 * noticed within seconds.
 */
export function cachedBriefly(
  check: () => Promise<void>,
  { okMs = 5000, failedMs = 1000 }: { okMs?: number; failedMs?: number } = {},
  now: () => number = Date.now
): () => Promise<void> {
  let answer: Promise<void> | undefined
  let staleAt = 0
  let checking = false

  function recheck(): Promise<void> {
    checking = true
    const next = check()
    next.then(
      () => settle(next, okMs),
      () => settle(next, failedMs)
    )
    return next
  }

  function settle(settled: Promise<void>, keepMs: number): void {
    answer = settled
    staleAt = now() + keepMs
    checking = false
  }

  return () => {
    answer ??= recheck()
    if (!checking && now() >= staleAt) void recheck()
    return answer
  }
}
