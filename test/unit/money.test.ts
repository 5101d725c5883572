import { describe, expect, it } from 'vitest'
import {
  costOfSeconds,
  formatMicros,
  formatPrice,
  monthlyFromHourly,
  parsePrice,
} from '../../server/lib/money.js'

describe('money', () => {
  it('parses and formats the contract price shapes without float error', () => {
    expect(parsePrice('0.1750')).toBe(1750)
    expect(parsePrice('12')).toBe(120_000)
    expect(parsePrice('0.1')).toBe(1000)
    expect(parsePrice('1.23456')).toBeUndefined()
    expect(parsePrice('-1')).toBeUndefined()
    expect(formatPrice(1750, 4)).toBe('0.1750')
    expect(formatPrice(monthlyFromHourly(1750), 2)).toBe('127.75')
    expect(formatPrice(5, 2)).toBe('0.00')
    expect(formatPrice(50, 2)).toBe('0.01')
  })

  it('bills per second in millionths', () => {
    // One hour at 0.1750 costs exactly 0.175.
    expect(formatMicros(costOfSeconds(3600, 1750))).toBe('0.175000')
    expect(formatMicros(costOfSeconds(1, 1750))).toBe('0.000049')
    expect(formatMicros(costOfSeconds(0, 1750))).toBe('0.000000')
  })
})
