import { describe, expect, it } from 'vitest'
import { monthlyBills, monthPieces } from '../../server/usage/usage-months.js'

const at = (iso: string) => new Date(iso)

describe('usage by UTC month', () => {
  it('cuts a period at month starts and marks the whole months', () => {
    const pieces = monthPieces(at('2025-01-15T00:00:00Z'), at('2025-04-01T00:00:00Z'))
    expect(pieces.map((p) => [p.month, p.whole])).toEqual([
      ['2025-01', false],
      ['2025-02', true],
      ['2025-03', true],
    ])
    expect(pieces[1]!.from.toISOString()).toBe('2025-02-01T00:00:00.000Z')
  })

  it('bills two months together as the sum of each', () => {
    const node = {
      createdAt: at('2025-01-31T23:59:59.500Z'),
      deletedAt: at('2025-02-01T00:00:00.500Z'),
      hourlyPrice: 1234,
    }
    const sum = (bills: { seconds: number; cost: number }[]) =>
      bills.reduce((a, b) => [a[0]! + b.seconds, a[1]! + b.cost], [0, 0])
    const jan = monthlyBills(node, at('2025-01-01T00:00:00Z'), at('2025-02-01T00:00:00Z'))
    const feb = monthlyBills(node, at('2025-02-01T00:00:00Z'), at('2025-03-01T00:00:00Z'))
    const both = monthlyBills(node, at('2025-01-01T00:00:00Z'), at('2025-03-01T00:00:00Z'))
    // A started second counts in full on each side of the boundary.
    expect(both.map((bill) => [bill.month, bill.seconds])).toEqual([
      ['2025-01', 1],
      ['2025-02', 1],
    ])
    expect(sum(both)).toEqual(sum([...jan, ...feb]))
  })
})
