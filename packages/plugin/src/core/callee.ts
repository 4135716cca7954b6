// Which calls are `registry.register(...)` calls (SPEC §3.2).
import type * as t from '@babel/types'
import { unwrapTs } from './static-value.js'

export interface RegistryBindings {
  /** Local names of the `registry` export of a registry module (`import { registry as r }`). */
  aliases: ReadonlySet<string>
  /** Namespace imports of a registry module (`import * as core` → `core.registry`). */
  namespaces: ReadonlySet<string>
}

/** Collect the registry bindings from the module's import declarations. */
export function registryBindings(program: t.Program, registryModules: readonly string[]): RegistryBindings {
  const aliases = new Set<string>()
  const namespaces = new Set<string>()
  for (const stmt of program.body) {
    if (stmt.type !== 'ImportDeclaration' || stmt.importKind === 'type') continue
    if (!registryModules.includes(stmt.source.value)) continue
    for (const spec of stmt.specifiers) {
      if (spec.type === 'ImportNamespaceSpecifier') namespaces.add(spec.local.name)
      else if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type') {
        const imported = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value
        if (imported === 'registry') aliases.add(spec.local.name)
      }
    }
  }
  return { aliases, namespaces }
}

/** `X.name`, `X?.name` or `X['name']`: the object X when the property is `name`. */
function memberOf(node: t.Node, name: string): t.Node | undefined {
  const n = unwrapTs(node)
  if (n.type !== 'MemberExpression' && n.type !== 'OptionalMemberExpression') return undefined
  const p = n.property
  const matches = n.computed
    ? (p.type === 'StringLiteral' && p.value === name) ||
      (p.type === 'TemplateLiteral' && p.expressions.length === 0 && p.quasis[0]?.value.cooked === name)
    : p.type === 'Identifier' && p.name === name
  return matches ? n.object : undefined
}

function isRegistry(node: t.Node, bindings: RegistryBindings): boolean {
  const n = unwrapTs(node)
  if (n.type === 'Identifier') return n.name === 'registry' || bindings.aliases.has(n.name)
  const ns = memberOf(n, 'registry')
  if (ns === undefined) return false
  const base = unwrapTs(ns)
  return base.type === 'Identifier' && bindings.namespaces.has(base.name)
}

export type RegisterCall = t.CallExpression | t.OptionalCallExpression

/** The call itself when `node` is `registry.register(...)` in any accepted spelling. */
export function asRegisterCall(node: t.Node, bindings: RegistryBindings): RegisterCall | undefined {
  if (node.type !== 'CallExpression' && node.type !== 'OptionalCallExpression') return undefined
  const object = memberOf(node.callee, 'register')
  return object !== undefined && isRegistry(object, bindings) ? node : undefined
}

// Keys of a Babel node that never hold child nodes.
const SKIP_KEYS = new Set(['type', 'start', 'end', 'loc', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments'])

/** First register call anywhere below `node` (depth-first, source order). */
export function findAnyRegisterCall(node: t.Node, bindings: RegistryBindings): RegisterCall | undefined {
  const stack: unknown[] = [node]
  while (stack.length > 0) {
    const current = stack.pop()
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push(current[i])
      continue
    }
    if (current === null || typeof current !== 'object' || typeof (current as t.Node).type !== 'string') continue
    const call = asRegisterCall(current as t.Node, bindings)
    if (call !== undefined) return call
    const keys = Object.keys(current)
    for (let i = keys.length - 1; i >= 0; i--) {
      if (!SKIP_KEYS.has(keys[i]!)) stack.push((current as unknown as Record<string, unknown>)[keys[i]!])
    }
  }
  return undefined
}
