/**
 * Prices are kept as integers of 1/10,000 of the currency unit so that per-second billing
 * and the contract's fixed-decimal strings never go through binary floating point.
 */
export const PRICE_SCALE = 10_000

/** Hours in a billing month, the convention of most clouds (365 * 24 / 12). */
export const HOURS_PER_MONTH = 730

/** Parses a decimal string such as "0.1250" into ten-thousandths; undefined when malformed. */
export function parsePrice(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text)
  if (!match) return undefined
  return Number(match[1]) * PRICE_SCALE + Number((match[2] ?? '').padEnd(4, '0'))
}

/** Formats ten-thousandths with the given number of decimals, rounding half up. */
export function formatPrice(tenThousandths: number, decimals: 2 | 4): string {
  const step = 10 ** (4 - decimals)
  const rounded = Math.round(tenThousandths / step)
  const unit = 10 ** decimals
  const whole = Math.floor(rounded / unit)
  const fraction = String(rounded % unit).padStart(decimals, '0')
  return `${whole}.${fraction}`
}

/** The monthly price of an hourly price, both in ten-thousandths. */
export function monthlyFromHourly(hourly: number): number {
  return hourly * HOURS_PER_MONTH
}

/**
 * The cost in millionths of the currency unit of running `seconds` at an hourly price (in
 * ten-thousandths). Costs get two more decimals than prices: a few seconds of a cheap host
 * would round to nothing at four.
 */
export function costOfSeconds(seconds: number, hourly: number): number {
  return Math.round((seconds * hourly * 100) / 3600)
}

/** Formats millionths with six decimals. */
export function formatMicros(micros: number): string {
  return `${Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`
}
