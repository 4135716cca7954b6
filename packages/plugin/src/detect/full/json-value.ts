// Static evaluation of a JSON value (a tool's schema) by the rules that make a name static
// (see docs in the plugin README, "Static names"), extended to object and array literals,
// numbers, booleans and null.
import type * as t from '@babel/types'
import { MISSING, referencedNode, resolveObject, staticKey, type StaticScope } from './static-value.js'
import { unwrapTs } from './ast.js'

export type JsonResult = { ok: true; value: unknown } | { ok: false; at: t.Node; why: string }

// Guards `const a = b; const b = a` and absurd nesting.
const MAX_DEPTH = 64

const WHAT: Record<string, string> = {
  CallExpression: 'a function call (e.g. a zod or valibot schema)',
  NewExpression: 'a `new` expression',
  ArrowFunctionExpression: 'a function',
  FunctionExpression: 'a function',
  ObjectMethod: 'a method',
  Identifier: 'a variable that is not a top-level const',
  TemplateLiteral: 'a template literal with expressions',
  ConditionalExpression: 'a conditional expression',
  BinaryExpression: 'an expression computed at run time',
  LogicalExpression: 'an expression computed at run time',
  SpreadElement: 'a spread',
}

const fail = (at: t.Node, why?: string): JsonResult => ({ ok: false, at, why: why ?? WHAT[at.type] ?? `a ${at.type}` })

/** The JSON value `node` statically stands for, or where and why it is not static. */
export function evalJson(node: t.Node, scope: StaticScope, depth = 0): JsonResult {
  if (depth > MAX_DEPTH) return fail(node, 'too deeply nested or circular')
  const n = unwrapTs(node)
  switch (n.type) {
    case 'StringLiteral':
    case 'BooleanLiteral':
      return { ok: true, value: n.value }
    case 'NumericLiteral':
      return Number.isFinite(n.value) ? { ok: true, value: n.value } : fail(n, 'not a finite number')
    case 'NullLiteral':
      return { ok: true, value: null }
    case 'TemplateLiteral':
      return n.expressions.length === 0 && typeof n.quasis[0]?.value.cooked === 'string'
        ? { ok: true, value: n.quasis[0].value.cooked }
        : fail(n)
    case 'UnaryExpression': {
      if ((n.operator !== '-' && n.operator !== '+') || n.argument.type !== 'NumericLiteral')
        return fail(n, 'an expression computed at run time')
      return { ok: true, value: n.operator === '-' ? -n.argument.value : n.argument.value }
    }
    case 'ArrayExpression': {
      const out: unknown[] = []
      for (const e of n.elements) {
        if (e === null) return fail(n, 'an array with a hole')
        const v = e.type === 'SpreadElement' ? fail(e) : evalJson(e, scope, depth + 1)
        if (!v.ok) return v
        out.push(v.value)
      }
      return { ok: true, value: out }
    }
    case 'ObjectExpression': {
      // Built like JSON.parse builds objects: `__proto__` becomes an own property only through defineProperty.
      const out: Record<string, unknown> = {}
      for (const p of n.properties) {
        if (p.type !== 'ObjectProperty') return fail(p)
        const key = staticKey(p.key, p.computed, scope, depth)
        if (key === undefined) return fail(p.key, 'a computed key')
        // In a literal, a plain `__proto__: …` sets the prototype: it is not a property.
        if (key === '__proto__' && !p.computed)
          return fail(p, '`__proto__:` in an object literal (it sets the prototype)')
        const v = evalJson(p.value, scope, depth + 1)
        if (!v.ok) return v
        Object.defineProperty(out, key, { value: v.value, enumerable: true, writable: true, configurable: true })
      }
      return { ok: true, value: out }
    }
    case 'Identifier':
    case 'MemberExpression':
    case 'OptionalMemberExpression': {
      const target = n.type === 'Identifier' && n.name === 'undefined' ? undefined : referencedNode(n, scope, depth)
      if (target !== undefined && target !== MISSING) return evalJson(target, scope, depth + 1)
      if (n.type === 'Identifier') return fail(n)
      return fail(
        n,
        resolveObject(n.object, scope, depth + 1) === undefined ||
          staticKey(n.property, n.computed, scope, depth) === undefined
          ? 'a property of something that is not a top-level const object literal'
          : 'a property that is missing or not static',
      )
    }
    default:
      return fail(n)
  }
}
