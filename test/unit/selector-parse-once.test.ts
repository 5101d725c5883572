import { describe, expect, it } from 'vitest'
import {
  compileApplyTo,
  selectedNodes,
  type LabeledNode,
} from '../../server/firewalls/firewall-match.js'
import { CreateFirewallBody } from '../../server/firewalls/firewalls.schema.js'
import { parsedSelector } from '../../server/firewalls/selector-cache.js'
import { startRounds, type RoundCause } from '../../server/lib/rounds.js'

describe('selectors parsed once', () => {
  it('keeps the parse that validation made, and every match reuses it', () => {
    const selector = 'tier in (web,api),env!=dev'
    CreateFirewallBody.parse({ name: 'x', apply_to: [{ type: 'label_selector', selector }] })
    const stored = parsedSelector(selector)
    const compiled = compileApplyTo([{ type: 'label_selector', selector }])
    expect(compiled.selectors[0]).toBe(stored)
    const nodes: LabeledNode[] = [
      { id: 'a', labels: { tier: 'web' } },
      { id: 'b', labels: { tier: 'web', env: 'dev' } },
      { id: 'c', labels: { tier: 'db' } },
    ]
    expect(selectedNodes([{ type: 'label_selector', selector }], nodes)).toEqual(['a'])
  })
})

describe('startRounds', () => {
  it('tells a round whether the interval asked for it or only now()', async () => {
    const causes: RoundCause[] = []
    const rounds = startRounds(async (cause) => {
      causes.push(cause)
    }, 30)
    await rounds.firstRound
    rounds.now()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 60))
    await rounds.stop()
    expect(causes[0]).toEqual({ periodic: true })
    expect(causes[1]).toEqual({ periodic: false })
    expect(causes.slice(2).some((cause) => cause.periodic)).toBe(true)
  })
})
