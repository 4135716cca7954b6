// Static evaluation of a tool's `name` and `toolset` (docs: packages/plugin/README.md,
// "Static names"): literals, top-level consts (through `as const` / `satisfies`) and
// `CONST.prop`. A const that is mutated anywhere is left out of the scope by the caller.
import type * as t from '@babel/types'
import { unwrapTs } from './ast.js'

export type StaticValue =
  | { kind: 'string'; value: string }
  /** Known at build time but not a string (`42`, `null`, `{}`): TR003. */
  | { kind: 'other'; description: string }
  | { kind: 'dynamic' }
  | { kind: 'missing' }

export interface StaticScope {
  /** Top-level `const` initializers by name. */
  consts: ReadonlyMap<string, t.Expression>
  /** Names re-declared by an enclosing top-level block or loop head. */
  shadowed: ReadonlySet<string>
}

// Guards `const a = b; const b = a` and absurd chains.
const MAX_DEPTH = 32

/** The key of a property or member access when it is known statically. */
export function staticKey(key: t.Node, computed: boolean, scope: StaticScope, depth = 0): string | undefined {
  if (!computed) {
    if (key.type === 'Identifier') return key.name
    if (key.type === 'StringLiteral') return key.value
    if (key.type === 'NumericLiteral') return String(key.value)
    return undefined
  }
  const value = evalStatic(key, scope, depth + 1)
  return value.kind === 'string' ? value.value : undefined
}

function lookupValue(value: t.Node, scope: StaticScope): t.Node | undefined {
  const n = unwrapTs(value)
  if (n.type !== 'Identifier' || scope.shadowed.has(n.name)) return undefined
  return scope.consts.get(n.name)
}

/** A property that a top-level const object literal does not have. */
export const MISSING = 'missing'

/**
 * The node a top-level const (`NAME`) or a property of a const object literal
 * (`OBJ.key`, `OBJ['key']`) stands for; MISSING for a property the object lacks;
 * undefined when the reference is not static. What both evaluators follow.
 */
export function referencedNode(
  n: t.Identifier | t.MemberExpression | t.OptionalMemberExpression,
  scope: StaticScope,
  depth: number,
): t.Node | typeof MISSING | undefined {
  if (n.type === 'Identifier') return lookupValue(n, scope)
  const object = resolveObject(n.object, scope, depth + 1)
  const key = staticKey(n.property, n.computed, scope, depth)
  if (object === undefined || key === undefined) return undefined
  const found = findProperty(object, key, scope, depth + 1)
  return found.dynamic ? undefined : (found.node ?? MISSING)
}

/** The object literal an expression statically stands for, if any. */
export function resolveObject(node: t.Node, scope: StaticScope, depth = 0): t.ObjectExpression | undefined {
  if (depth > MAX_DEPTH) return undefined
  const n = unwrapTs(node)
  if (n.type === 'ObjectExpression') return n
  if (n.type === 'Identifier') {
    const init = lookupValue(n, scope)
    return init === undefined ? undefined : resolveObject(init, scope, depth + 1)
  }
  if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') {
    const object = resolveObject(n.object, scope, depth + 1)
    const key = staticKey(n.property, n.computed, scope, depth)
    if (object === undefined || key === undefined) return undefined
    const found = findProperty(object, key, scope, depth + 1)
    return found.node === undefined || found.dynamic ? undefined : resolveObject(found.node, scope, depth + 1)
  }
  return undefined
}

/**
 * The node that gives `key` its value in an object literal: the last property
 * with that key, unless a spread or an unknown computed key comes after it. `__proto__: x`
 * (not computed, not shorthand) sets the prototype, it is no property: a key the literal
 * lacks may then come from that prototype, so it is dynamic.
 */
export function findProperty(
  object: t.ObjectExpression,
  key: string,
  scope: StaticScope,
  depth = 0,
): { node?: t.Node; dynamic: boolean } {
  let found: { node?: t.Node; dynamic: boolean } = { dynamic: false }
  let prototype: t.Node | undefined
  for (const prop of object.properties) {
    if (prop.type === 'SpreadElement') {
      found = { node: prop, dynamic: true }
      continue
    }
    if (isProtoSetter(prop)) {
      prototype = prop
      continue
    }
    const name = staticKey(prop.key, prop.computed, scope, depth)
    if (name === undefined) found = { node: prop, dynamic: true }
    else if (name === key) {
      // A getter or setter computes its value: not static.
      const isAccessor = prop.type === 'ObjectMethod' && prop.kind !== 'method'
      found = { node: prop.type === 'ObjectProperty' ? prop.value : prop, dynamic: isAccessor }
    }
  }
  if (found.node === undefined && prototype !== undefined) return { node: prototype, dynamic: true }
  return found
}

/** `__proto__: x` in an object literal: sets the prototype (only unquoted or quoted, not computed, not shorthand). */
function isProtoSetter(prop: t.ObjectProperty | t.ObjectMethod): boolean {
  if (prop.type !== 'ObjectProperty' || prop.computed || prop.shorthand) return false
  return (
    (prop.key.type === 'Identifier' && prop.key.name === '__proto__') ||
    (prop.key.type === 'StringLiteral' && prop.key.value === '__proto__')
  )
}

/** Evaluate `node` by the static rules; see StaticValue. */
export function evalStatic(node: t.Node, scope: StaticScope, depth = 0): StaticValue {
  if (depth > MAX_DEPTH) return { kind: 'dynamic' }
  const n = unwrapTs(node)
  switch (n.type) {
    case 'StringLiteral':
      return { kind: 'string', value: n.value }
    case 'TemplateLiteral':
      return n.expressions.length === 0 && typeof n.quasis[0]?.value.cooked === 'string'
        ? { kind: 'string', value: n.quasis[0].value.cooked }
        : { kind: 'dynamic' }
    case 'NumericLiteral':
      return { kind: 'other', description: `the number ${n.value}` }
    case 'BigIntLiteral':
      return { kind: 'other', description: `the bigint ${n.value}n` }
    case 'BooleanLiteral':
      return { kind: 'other', description: `the boolean ${n.value}` }
    case 'NullLiteral':
      return { kind: 'other', description: 'null' }
    case 'ObjectExpression':
    case 'ArrayExpression':
      return { kind: 'other', description: n.type === 'ArrayExpression' ? 'an array' : 'an object' }
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'ObjectMethod':
    case 'ClassExpression':
      return { kind: 'other', description: 'a function' }
    case 'Identifier':
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const target = referencedNode(n, scope, depth)
      if (target === undefined) return { kind: 'dynamic' }
      // `CONST.missing` is `undefined` at run time: known, and not a string.
      return target === MISSING ? { kind: 'other', description: 'undefined' } : evalStatic(target, scope, depth + 1)
    }
    default:
      return { kind: 'dynamic' }
  }
}
