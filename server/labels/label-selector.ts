/**
 * The `label_selector` query parameter: Kubernetes' equality- and set-based syntax, as Hetzner
 * Cloud's API takes it. Comma means AND: `env=prod,tier in (web,api),!legacy`.
 * @module
 */
import { labelKeyProblem, labelValueProblem } from './labels.rules.js'

/**
 * One requirement, normalized: `k=v` and `k==v` are `in [v]`, `k!=v` is `notin [v]`. As in
 * Kubernetes, `notin` (and so `!=`) also matches resources without the key.
 */
export type Requirement =
  { key: string; op: 'in' | 'notin'; values: string[] } | { key: string; op: 'exists' | 'absent' }

/** A parsed selector: every requirement must hold. Empty matches everything. */
export type LabelSelector = Requirement[]

/** The longest selector accepted, so its SQL stays small. */
export const MAX_SELECTOR_LENGTH = 4096

/** A selector that cannot be parsed; the message says what and where. */
export class SelectorError extends Error {}

type Token = {
  kind: 'word' | ',' | '(' | ')' | '=' | '==' | '!=' | '!' | 'end'
  text: string
  at: number
}

const PUNCTUATION = ['!=', '==', '=', '!', ',', '(', ')'] as const

function tokenize(input: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    if (/\s/.test(input[i]!)) {
      i++
      continue
    }
    const mark = PUNCTUATION.find((p) => input.startsWith(p, i))
    if (mark) {
      tokens.push({ kind: mark, text: mark, at: i + 1 })
      i += mark.length
      continue
    }
    const start = i
    while (i < input.length && !/[\s,()=!]/.test(input[i]!)) i++
    tokens.push({ kind: 'word', text: input.slice(start, i), at: start + 1 })
  }
  tokens.push({ kind: 'end', text: '', at: input.length + 1 })
  return tokens
}

const describe = (token: Token) =>
  token.kind === 'end' ? 'the end' : `"${token.text}" at character ${token.at}`

class Parser {
  private index = 0
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index]!
  }

  private next(): Token {
    return this.tokens[this.index++]!
  }

  private fail(expected: string, token = this.peek()): never {
    throw new SelectorError(`expected ${expected}, found ${describe(token)}`)
  }

  selector(): LabelSelector {
    const requirements: Requirement[] = []
    if (this.peek().kind === 'end') return requirements
    for (;;) {
      requirements.push(this.requirement())
      const token = this.next()
      if (token.kind === 'end') return requirements
      if (token.kind !== ',') this.fail('"," between requirements or the end', token)
    }
  }

  private key(): string {
    const token = this.next()
    if (token.kind !== 'word') this.fail('a label key', token)
    const problem = labelKeyProblem(token.text)
    if (problem) throw new SelectorError(`label key "${token.text}" ${problem}`)
    return token.text
  }

  private value(): string {
    const token = this.peek()
    // `k=` selects the empty value, as in Kubernetes.
    if (token.kind !== 'word') return ''
    this.index++
    const problem = labelValueProblem(token.text)
    if (problem) throw new SelectorError(`label value "${token.text}" ${problem}`)
    return token.text
  }

  private requirement(): Requirement {
    if (this.peek().kind === '!') {
      this.index++
      return { key: this.key(), op: 'absent' }
    }
    const key = this.key()
    const token = this.peek()
    if (token.kind === ',' || token.kind === 'end') return { key, op: 'exists' }
    this.index++
    if (token.kind === '=' || token.kind === '==') return { key, op: 'in', values: [this.value()] }
    if (token.kind === '!=') return { key, op: 'notin', values: [this.value()] }
    if (token.kind === 'word' && (token.text === 'in' || token.text === 'notin'))
      return { key, op: token.text, values: this.set() }
    return this.fail(`"=", "==", "!=", "in" or "notin" after "${key}"`, token)
  }

  private set(): string[] {
    if (this.next().kind !== '(')
      this.fail('"(" to open a set of values', this.tokens[this.index - 1])
    const values: string[] = []
    if (this.peek().kind === ')') this.fail('at least one value in the set')
    for (;;) {
      values.push(this.value())
      const token = this.next()
      if (token.kind === ')') return values
      if (token.kind !== ',') this.fail('"," or ")" in a set of values', token)
    }
  }
}

/** Parses a selector, or throws a SelectorError saying what is wrong and where. */
export function parseLabelSelector(input: string): LabelSelector {
  if (input.length > MAX_SELECTOR_LENGTH)
    throw new SelectorError(`must be at most ${MAX_SELECTOR_LENGTH} characters`)
  return new Parser(tokenize(input)).selector()
}
