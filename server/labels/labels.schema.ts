import { z } from '@hono/zod-openapi'
import { MAX_SELECTOR_LENGTH, parseLabelSelector, SelectorError } from './label-selector.js'
import { labelKeyProblem, labelValueProblem, MAX_LABELS } from './labels.rules.js'

const LabelRecord = z.record(z.string(), z.string()).superRefine((labels, ctx) => {
  const keys = Object.keys(labels)
  if (keys.length > MAX_LABELS)
    ctx.addIssue({ code: 'custom', message: `must have at most ${MAX_LABELS} labels` })
  for (const key of keys) {
    const problem = labelKeyProblem(key)
    if (problem) ctx.addIssue({ code: 'custom', path: [key], message: `key ${problem}` })
    const valueProblem = labelValueProblem(labels[key]!)
    if (valueProblem)
      ctx.addIssue({ code: 'custom', path: [key], message: `value ${valueProblem}` })
  }
})

/** Labels as records carry them and bodies send them; a bad one is a 400 naming `labels.<key>`. */
export const Labels = z
  .preprocess((input, ctx) => {
    // zod's record leaves a JSON `__proto__` key out silently; refuse it like any bad key.
    if (input !== null && typeof input === 'object' && Object.hasOwn(input, '__proto__'))
      ctx.issues.push({ code: 'custom', path: ['__proto__'], message: 'key must be a name', input })
    return input
  }, LabelRecord)
  .openapi('Labels', {
    description:
      'Key/value labels (Kubernetes rules): at most 64; a key is an optional DNS-subdomain prefix and `/`, then ' +
      '1 to 63 letters, digits, `-`, `_` and `.` starting and ending with a letter or digit; a value is empty or the same form',
    example: { env: 'prod', 'example.com/team': 'web' },
    maxProperties: MAX_LABELS,
  })

export type Labels = z.infer<typeof Labels>

/** The `label_selector` query parameter of the lists of nodes, VPCs and SSH keys. */
export const LabelSelectorParam = z
  .string()
  // The parser checks the length too, so a long selector gets one message, not two.
  .superRefine((text, ctx) => {
    try {
      parseLabelSelector(text)
    } catch (err) {
      if (!(err instanceof SelectorError)) throw err
      ctx.addIssue({ code: 'custom', message: err.message })
    }
  })
  .optional()
  .openapi({
    description:
      'Only resources whose labels match, comma = AND: `k=v` (or `k==v`), `k!=v` (also true without `k`), `k` (has ' +
      '`k`), `!k` (lacks `k`), `k in (v1,v2)`, `k notin (v1,v2)` (also true without `k`)',
    example: 'env=prod,tier in (web,api),!legacy',
    maxLength: MAX_SELECTOR_LENGTH,
  })
