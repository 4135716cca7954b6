// Facts about Babel's syntax tree that the full detector's passes share: how to visit a
// node's children, which nodes only wrap a type around an expression, where a node starts,
// and the leaves of a binding or assignment pattern.
import type * as t from '@babel/types'

/** Keys of a Babel node that never hold a child node. */
const NON_CHILD_KEYS = new Set([
  'type',
  'start',
  'end',
  'loc',
  'range',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
])
/** Keys whose children are TypeScript types only: no value-level code below them. */
const TYPE_KEYS = new Set([
  'typeAnnotation',
  'returnType',
  'typeParameters',
  'typeArguments',
  'superTypeParameters',
  'implements',
])

const isNode = (value: unknown): value is t.Node =>
  value !== null && typeof value === 'object' && typeof (value as t.Node).type === 'string'

/**
 * Calls `visit` on each child node of `node`, last first (pushed onto a stack, they pop in
 * source order), until it returns `true`. `values`: skip the children that are only types.
 */
export function forEachChild(
  node: t.Node,
  visit: (child: t.Node, key: string) => unknown,
  { values = false }: { values?: boolean } = {},
): boolean {
  const keys = Object.keys(node)
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i]!
    if (NON_CHILD_KEYS.has(key) || (values && TYPE_KEYS.has(key))) continue
    const value = (node as unknown as Record<string, unknown>)[key]
    if (Array.isArray(value)) {
      for (let j = value.length - 1; j >= 0; j--) if (isNode(value[j]) && visit(value[j], key) === true) return true
    } else if (isNode(value) && visit(value, key) === true) return true
  }
  return false
}

/** Nodes that only wrap a type (or parentheses) around their `expression`. */
export const TS_WRAPPERS: ReadonlySet<string> = new Set([
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSTypeAssertion',
  'TSNonNullExpression',
  'ParenthesizedExpression',
])

/** Strip type-only wrappers: `x as const`, `x satisfies T`, `<T>x`, `x!`, `(x)`. */
export function unwrapTs(node: t.Node): t.Node {
  let n = node
  while (TS_WRAPPERS.has(n.type)) n = (n as t.TSAsExpression).expression
  return n
}

/** The 1-based line and column where `node` starts (Babel's columns are 0-based); 0:0 when unknown. */
export function lineColumn(node: t.Node): { line: number; column: number } {
  return node.loc ? { line: node.loc.start.line, column: node.loc.start.column + 1 } : { line: 0, column: 0 }
}

/** Calls `visit` on each leaf of a binding or assignment pattern (an identifier, a member, …). */
export function forEachPatternLeaf(node: t.Node | null | undefined, visit: (leaf: t.Node) => void): void {
  if (!node) return
  const n = unwrapTs(node)
  switch (n.type) {
    case 'ObjectPattern':
      for (const p of n.properties) forEachPatternLeaf(p.type === 'RestElement' ? p.argument : p.value, visit)
      break
    case 'ArrayPattern':
      for (const e of n.elements) forEachPatternLeaf(e, visit)
      break
    case 'AssignmentPattern':
      forEachPatternLeaf(n.left, visit)
      break
    case 'RestElement':
      forEachPatternLeaf(n.argument, visit)
      break
    default:
      visit(n)
  }
}
