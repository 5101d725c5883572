import { z } from '@hono/zod-openapi'

type Issue = z.core.$ZodRawIssue

const KINDS: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
}

function size(
  issue: Extract<Issue, { code: 'too_big' | 'too_small' }>,
  bound: 'at most' | 'at least'
): string {
  const limit = String(issue.code === 'too_big' ? issue.maximum : issue.minimum)
  if (issue.origin === 'string') return `must be ${bound} ${limit} characters`
  if (issue.origin === 'array') return `must have ${bound} ${limit} items`
  return `must be ${bound} ${limit}`
}

/**
 * Plain messages for zod's built-in checks, which otherwise read like a type checker's
 * ("Too big: expected string to have <=63 characters"). Messages a schema sets itself win.
 * The API's 400s and the dashboard's forms show them after the field's name.
 */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_big':
      return size(issue, 'at most')
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'must not be empty'
        : size(issue, 'at least')
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      return `must be ${KINDS[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => String(value)).join(', ')}`
    case 'invalid_format':
      return issue.format === 'uuid' ? 'must be a UUID' : undefined
    default:
      return undefined
  }
}

z.config({ customError: plainMessage })
