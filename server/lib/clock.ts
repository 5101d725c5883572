/** Where the server reads the time; tests and billing share one definition of "now". */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
