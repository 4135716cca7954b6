// Which calls are `registry.register(...)` calls (docs: packages/plugin/README.md,
// "What makes a file a tool module").
import type * as t from '@babel/types'
import { staticKey, type StaticScope } from './static-value.js'
import { unwrapTs } from './ast.js'

export interface RegistryBindings {
  /** Local names of the `registry` export of a registry module (`import { registry as r }`, `const r = registry`). */
  aliases: ReadonlySet<string>
  /** Namespace imports of a registry module (`import * as core` → `core.registry`), and top-level const aliases of them. */
  namespaces: ReadonlySet<string>
  /** True when the file imports a registry module (statically or through `import()`): unattributable calls are TR009. */
  importsRegistry: boolean
  /** Top-level consts, for static computed keys (`registry[KEY]`). */
  scope: StaticScope
}

/**
 * The cheap test before parsing: false only when the file cannot hold a register call the
 * parser would see, nor an unattributable one (TR009): no `register`, no escape (`\u0067`,
 * `\x67`) and no registry module named.
 */
export function mightRegister(code: string, registryModules: readonly string[]): boolean {
  return code.includes('register') || code.includes('\\') || registryModules.some(m => code.includes(m))
}

/**
 * Collect the registry bindings: the import declarations of registry modules, then the
 * top-level `const` aliases of them (`const r = registry`, `const { registry: r } = ns`,
 * `const ns2 = ns`), followed through chains.
 */
export function registryBindings(
  program: t.Program,
  registryModules: readonly string[],
  scope: StaticScope,
): RegistryBindings {
  const aliases = new Set<string>()
  const namespaces = new Set<string>()
  let importsRegistry = false
  for (const stmt of program.body) {
    if (stmt.type !== 'ImportDeclaration' || stmt.importKind === 'type') continue
    if (!registryModules.includes(stmt.source.value)) continue
    importsRegistry = true
    for (const spec of stmt.specifiers) {
      if (spec.type === 'ImportNamespaceSpecifier') namespaces.add(spec.local.name)
      else if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type') {
        const imported = spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value
        if (imported === 'registry') aliases.add(spec.local.name)
      }
    }
  }
  const bindings = { aliases, namespaces, importsRegistry, scope }
  const declarators = topLevelConstDeclarators(program)
  // A chain `const a = registry; const b = a` needs one round per link.
  for (let changed = true; changed; ) {
    changed = false
    for (const d of declarators) {
      if (d.init == null) continue
      if (d.id.type === 'Identifier') {
        const name = d.id.name
        const set =
          !aliases.has(name) && isRegistry(d.init, bindings)
            ? aliases
            : !namespaces.has(name) && isNamespace(d.init, bindings)
              ? namespaces
              : undefined
        if (set !== undefined) {
          set.add(name)
          changed = true
        }
      } else if (d.id.type === 'ObjectPattern' && isNamespace(d.init, bindings)) {
        for (const p of d.id.properties) {
          if (p.type !== 'ObjectProperty' || p.value.type !== 'Identifier' || aliases.has(p.value.name)) continue
          if (staticKey(p.key, p.computed, scope) !== 'registry') continue
          aliases.add(p.value.name)
          changed = true
        }
      }
    }
  }
  return bindings
}

/** Every declarator of a top-level (exported or not) `const`. */
export function topLevelConstDeclarators(program: t.Program): t.VariableDeclarator[] {
  const out: t.VariableDeclarator[] = []
  for (const stmt of program.body) {
    const decl = stmt.type === 'ExportNamedDeclaration' ? stmt.declaration : stmt
    if (decl?.type === 'VariableDeclaration' && decl.kind === 'const') out.push(...decl.declarations)
  }
  return out
}

/** The static key of a member access, if any. */
export function memberKey(n: t.MemberExpression | t.OptionalMemberExpression, scope: StaticScope): string | undefined {
  return staticKey(n.property, n.computed, scope)
}

/** `X.name`, `X?.name` or `X['name']` (any static key): the object X when the property is `name`. */
export function memberOf(node: t.Node, name: string, bindings: RegistryBindings): t.Node | undefined {
  const n = unwrapTs(node)
  if (n.type !== 'MemberExpression' && n.type !== 'OptionalMemberExpression') return undefined
  return memberKey(n, bindings.scope) === name ? n.object : undefined
}

function isNamespace(node: t.Node, bindings: RegistryBindings): boolean {
  const n = unwrapTs(node)
  return n.type === 'Identifier' && bindings.namespaces.has(n.name)
}

export function isRegistry(node: t.Node, bindings: RegistryBindings): boolean {
  const n = unwrapTs(node)
  if (n.type === 'Identifier') return n.name === 'registry' || bindings.aliases.has(n.name)
  const ns = memberOf(n, 'registry', bindings)
  return ns !== undefined && isNamespace(ns, bindings)
}

export type RegisterCall = t.CallExpression | t.OptionalCallExpression

/** The call itself when `node` is `registry.register(...)` in any accepted spelling. */
export function asRegisterCall(node: t.Node, bindings: RegistryBindings): RegisterCall | undefined {
  if (node.type !== 'CallExpression' && node.type !== 'OptionalCallExpression') return undefined
  const object = memberOf(node.callee, 'register', bindings)
  return object !== undefined && isRegistry(object, bindings) ? node : undefined
}
