/**
 * Billing by UTC calendar month: a period is cut at month starts and each piece billed on its
 * own, so the bills of two months add up to the bill of both, and a month's figures stay
 * the same whether its nodes still have rows or were folded into usage_archive.
 * @module
 */
import { costOfSeconds } from '../lib/money.js'

/** `YYYY-MM` of the UTC month `at` falls in. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7)
}

/** The start of the UTC month after the one `at` falls in. */
function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
}

/** The start of the UTC month `at` falls in. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
}

/** One month's part of a period. */
export interface MonthPiece {
  month: string
  from: Date
  to: Date
  /** The piece is the whole month. */
  whole: boolean
}

/** [from, to) cut at UTC month starts, oldest first. */
export function monthPieces(from: Date, to: Date): MonthPiece[] {
  const pieces: MonthPiece[] = []
  for (let start = from; start < to;) {
    const next = nextMonthStart(start)
    const end = next < to ? next : to
    const whole =
      start.getTime() === monthStart(start).getTime() && end.getTime() === next.getTime()
    pieces.push({ month: monthOf(start), from: start, to: end, whole })
    start = end
  }
  return pieces
}

/** Seconds billed inside [from, to); a started second counts in full. */
export function billedSeconds(
  createdAt: Date,
  deletedAt: Date | null,
  from: Date,
  to: Date
): number {
  const start = Math.max(createdAt.getTime(), from.getTime())
  const end = Math.min(deletedAt?.getTime() ?? Number.POSITIVE_INFINITY, to.getTime())
  return end > start ? Math.ceil((end - start) / 1000) : 0
}

/** A node's seconds and cost (millionths) in one month piece. */
export interface MonthBill {
  month: string
  seconds: number
  cost: number
}

/** What a node ran in [from, to), per month it ran in, at its locked hourly price. */
export function monthlyBills(
  node: { createdAt: Date; deletedAt: Date | null; hourlyPrice: number },
  from: Date,
  to: Date
): MonthBill[] {
  const start = node.createdAt > from ? node.createdAt : from
  const end = node.deletedAt && node.deletedAt < to ? node.deletedAt : to
  return monthPieces(start, end).map((piece) => {
    const seconds = billedSeconds(node.createdAt, node.deletedAt, piece.from, piece.to)
    return { month: piece.month, seconds, cost: costOfSeconds(seconds, node.hourlyPrice) }
  })
}
