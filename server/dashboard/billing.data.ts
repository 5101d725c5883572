import type { Deps } from '../deps.js'
import { costOfSeconds, monthlyFromHourly, parsePrice } from '../lib/money.js'
import type { Usage } from '../usage/usage.schema.js'
import { accountUsage, billedSeconds } from '../usage/usage.service.js'

const DAY_MS = 86_400_000

/** One UTC day of the month and what the account's nodes cost on it, in millionths. */
export interface DayCost {
  date: string
  micros: number
}

/** The billing page's figures, all from the usage service that bills the account. */
export interface Billing {
  usage: Usage
  days: DayCost[]
  /** What the provisioning and running nodes cost per hour and per month now, in ten-thousandths. */
  rate: { hourly: number; monthly: number; nodes: number }
}

/** Splits each node's billed seconds of the period by UTC day, at its locked price. */
function costPerDay(usage: Usage): DayCost[] {
  const from = new Date(usage.from)
  const to = new Date(usage.to)
  const days: DayCost[] = []
  for (let start = from.getTime(); start < to.getTime(); start += DAY_MS) {
    const dayStart = new Date(start)
    const dayEnd = new Date(Math.min(start + DAY_MS, to.getTime()))
    let micros = 0
    for (const node of usage.nodes) {
      const created = new Date(node.created_at)
      const deleted = node.deleted_at ? new Date(node.deleted_at) : null
      micros += costOfSeconds(
        billedSeconds(created, deleted, dayStart, dayEnd),
        parsePrice(node.hourly_price) ?? 0
      )
    }
    days.push({ date: dayStart.toISOString().slice(0, 10), micros })
  }
  return days
}

/** This month so far (UTC), per node and per day, and the rate of the nodes billed now. */
export async function billingOf(deps: Deps, accountId: string): Promise<Billing> {
  const usage = await accountUsage(deps, accountId, {})
  const live = usage.nodes.filter(
    (node) => node.status === 'provisioning' || node.status === 'running'
  )
  const hourly = live.reduce((sum, node) => sum + (parsePrice(node.hourly_price) ?? 0), 0)
  return {
    usage,
    days: costPerDay(usage),
    rate: { hourly, monthly: monthlyFromHourly(hourly), nodes: live.length },
  }
}
