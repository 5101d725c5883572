/**
 * Typed schema DSL for provider, resource and data source schemas. Each builder keeps its value
 * type, so `StateOf<typeof schema>` is the plain TypeScript shape of the state (like `z.infer`).
 * @module
 */
import type { CtyType, Unknown } from './values.js'

/** How a nested block or nested attribute repeats (tfplugin6 NestingMode, lower-cased). */
export type Nesting = 'single' | 'group' | 'list' | 'set' | 'map'

/** A value type with its TypeScript shape attached (phantom `T`). */
export interface ValueType<T> {
  readonly cty: CtyType
  readonly __value?: T
}

/** Options shared by every attribute. */
export interface AttributeOptions {
  readonly required?: boolean
  readonly optional?: boolean
  readonly computed?: boolean
  readonly sensitive?: boolean
  readonly description?: string
  readonly deprecated?: boolean
  /** A change to this attribute destroys and recreates the resource (PlanResourceChange). */
  readonly requiresReplace?: boolean
}

/** One attribute: a plain value type, or nested attributes (tfplugin6 `nested_type`). */
export interface Attribute<T = unknown, O extends AttributeOptions = AttributeOptions> {
  readonly kind: 'attribute'
  readonly type: CtyType
  readonly nested?: { readonly nesting: Exclude<Nesting, 'group'>; readonly attributes: Attributes }
  readonly options: O
  readonly __value?: T
}

/** A nested block (`timeouts { … }`, repeated `disk { … }`). */
export interface NestedBlock<T = unknown> {
  readonly kind: 'block'
  readonly nesting: Nesting
  readonly block: Block
  readonly minItems?: number
  readonly maxItems?: number
  readonly __value?: T
}

/** Attributes by name. */
export type Attributes = { readonly [name: string]: Attribute<any, any> }
/** Nested blocks by type name. */
export type Blocks = { readonly [name: string]: NestedBlock<any> }

/** A block: the body of a schema or of a nested block. */
export interface Block<A extends Attributes = Attributes, B extends Blocks = Blocks> {
  readonly attributes: A
  readonly blocks: B
  readonly description?: string
}

/** A versioned schema for a provider, resource or data source. */
export interface Schema<A extends Attributes = Attributes, B extends Blocks = Blocks> extends Block<
  A,
  B
> {
  readonly version: number
}

type AttrValue<A> =
  A extends Attribute<infer T, infer O> ? (O extends { required: true } ? T : T | null) : never
type BlockValue<N> = N extends NestedBlock<infer T> ? T : never

/** The TypeScript shape of a block's (or schema's) value, with every value known. */
export type StateOf<S extends Block> = {
  -readonly [K in keyof S['attributes']]: AttrValue<S['attributes'][K]>
} & { -readonly [K in keyof S['blocks']]: BlockValue<S['blocks'][K]> }

/** A value in which any part may still be unknown (plans, configs during plan). */
export type Planned<T> = T extends (infer E)[]
  ? Planned<E>[] | Unknown
  : T extends object
    ? { [K in keyof T]: Planned<T[K]> } | Unknown
    : T | Unknown

/** The shape of a schema's planned value: known-or-unknown per attribute. */
export type PlannedOf<S extends Block> = { [K in keyof StateOf<S>]: Planned<StateOf<S>[K]> }

const primitive = <T>(cty: CtyType): ValueType<T> => ({ cty })

/** Value types for attributes: `t.string`, `t.list(t.string)`, `t.object({ a: t.number })`. */
export const t = {
  string: primitive<string>('string'),
  number: primitive<number>('number'),
  bool: primitive<boolean>('bool'),
  list: <T>(e: ValueType<T>): ValueType<T[]> => ({ cty: ['list', e.cty] }),
  set: <T>(e: ValueType<T>): ValueType<T[]> => ({ cty: ['set', e.cty] }),
  map: <T>(e: ValueType<T>): ValueType<Record<string, T>> => ({ cty: ['map', e.cty] }),
  object: <S extends Record<string, ValueType<any>>>(
    attrs: S
  ): ValueType<{ [K in keyof S]: (S[K] extends ValueType<infer T> ? T : never) | null }> => ({
    cty: ['object', Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, v.cty]))],
  }),
}

/** An attribute of the given value type, e.g. `attribute(t.string, { required: true })`. */
export function attribute<T, const O extends AttributeOptions>(
  type: ValueType<T>,
  options: O
): Attribute<T, O> {
  return { kind: 'attribute', type: type.cty, options: checked(options) }
}

// Terraform rejects a schema whose attribute is none of these; fail when the schema is built.
function checked<O extends AttributeOptions>(options: O): O {
  const { required, optional, computed } = options
  if (!required && !optional && !computed) {
    throw new Error('an attribute must be required, optional or computed')
  }
  return options
}

/** Shorthands: `attr.string({ required: true })`, `attr.map(t.string, { optional: true })`. */
export const attr = {
  string: <const O extends AttributeOptions>(o: O) => attribute(t.string, o),
  number: <const O extends AttributeOptions>(o: O) => attribute(t.number, o),
  bool: <const O extends AttributeOptions>(o: O) => attribute(t.bool, o),
  list: <T, const O extends AttributeOptions>(e: ValueType<T>, o: O) => attribute(t.list(e), o),
  set: <T, const O extends AttributeOptions>(e: ValueType<T>, o: O) => attribute(t.set(e), o),
  map: <T, const O extends AttributeOptions>(e: ValueType<T>, o: O) => attribute(t.map(e), o),
}

type Repeated<N extends Nesting, T> = N extends 'list' | 'set'
  ? T[]
  : N extends 'map'
    ? Record<string, T>
    : T

/** Nested attributes (tfplugin6 `nested_type`), e.g. `nested('list', { size: attr.number(…) }, …)`. */
export function nested<
  N extends Exclude<Nesting, 'group'>,
  A extends Attributes,
  const O extends AttributeOptions,
>(
  nesting: N,
  attributes: A,
  options: O
): Attribute<Repeated<N, StateOf<Block<A, Record<never, never>>>>, O> {
  const type = nestedType(nesting, attributes)
  return { kind: 'attribute', type, nested: { nesting, attributes }, options: checked(options) }
}

/** A nested block; `single` blocks may be absent (null), repeated ones are arrays or records. */
export function block<
  N extends Nesting,
  A extends Attributes,
  B extends Blocks = Record<never, never>,
>(
  nesting: N,
  body: { attributes: A; blocks?: B; description?: string; minItems?: number; maxItems?: number }
): NestedBlock<
  N extends 'single' ? StateOf<Block<A, B>> | null : Repeated<N, StateOf<Block<A, B>>>
> {
  const { minItems, maxItems, description } = body
  const inner: Block = { attributes: body.attributes, blocks: body.blocks ?? {}, description }
  return { kind: 'block', nesting, block: inner, minItems, maxItems }
}

/** A schema: `schema({ version: 0, attributes: { … }, blocks: { timeouts: timeouts([…]) } })`. */
export function schema<A extends Attributes, B extends Blocks = Record<never, never>>(body: {
  version?: number
  attributes: A
  blocks?: B
  description?: string
}): Schema<A, B> {
  return { ...body, version: body.version ?? 0, blocks: body.blocks ?? ({} as B) }
}

/** The cty object type a block's value has (what DynamicValues of this schema encode). */
export function blockType(b: Block): CtyType {
  const attrs: Record<string, CtyType> = {}
  for (const [name, a] of Object.entries(b.attributes)) attrs[name] = a.type
  for (const [name, nb] of Object.entries(b.blocks))
    attrs[name] = repeat(nb.nesting, blockType(nb.block))
  return ['object', attrs]
}

function nestedType(nesting: Nesting, attributes: Attributes): CtyType {
  return repeat(nesting, blockType({ attributes, blocks: {} }))
}

function repeat(nesting: Nesting, object: CtyType): CtyType {
  if (nesting === 'list' || nesting === 'set' || nesting === 'map') return [nesting, object]
  return object
}
