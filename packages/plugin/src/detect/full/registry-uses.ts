// One walk over the whole module for what the top-level walk (./top-level.ts) cannot see
// (docs: packages/plugin/README.md, "The scan and the run agree"): register calls anywhere
// (nested ones are TR005/TR009), uses of the registry the build cannot attribute (TR009),
// and top-level consts that are mutated somewhere (their values are not static).
import type * as t from '@babel/types'
import {
  asRegisterCall,
  isRegistry,
  memberKey,
  memberOf,
  type RegisterCall,
  type RegistryBindings,
} from './registry-callee.js'
import { forEachChild, forEachPatternLeaf, TS_WRAPPERS, unwrapTs } from './ast.js'

interface Unattributed {
  node: t.Node
  reason: string
}

export interface Uses {
  /** Every register call attributable to a registry, anywhere in the module, in source order. */
  calls: RegisterCall[]
  /** Uses of a registry the build cannot attribute; reported (TR009) only in a file that imports a registry module. */
  unattributed: Unattributed[]
  /** True when the module imports a registry module, statically or through `import('…')`. */
  importsRegistry: boolean
  /** Names of the roots of everything assigned to, deleted or passed to Object.assign & co. */
  mutated: Set<string>
}

const TYPE_ONLY = new Set([
  'TSInterfaceDeclaration',
  'TSTypeAliasDeclaration',
  'TSDeclareFunction',
  'TSModuleDeclaration',
  'TSImportEqualsDeclaration',
])
const MUTATORS: Record<string, ReadonlySet<string>> = {
  Object: new Set(['assign', 'defineProperty', 'defineProperties', 'setPrototypeOf']),
  Reflect: new Set(['set', 'defineProperty', 'deleteProperty', 'setPrototypeOf']),
}

interface Item {
  node: t.Node
  parent: Item | undefined
  key: string
}

const NOT_ATTRIBUTED = 'the tools it registers are not known to the build'
const REASONS = {
  unknownObject: `register() is called on something the build cannot tell is the registry (a variable, a function's result, a computed access): ${NOT_ATTRIBUTED}`,
  indirect: `register() is called through .call, .apply or .bind: ${NOT_ATTRIBUTED}`,
  computed: `a method of the registry is picked by a computed key the build cannot evaluate: ${NOT_ATTRIBUTED}`,
  asValue: `registry.register is used as a value: the calls made through it are not known to the build`,
  escapes: `the registry is handed on here: the calls made through it are not known to the build`,
}

/** The variable a member chain or identifier starts from (`A` in `A.b['c'].d`). */
export function rootName(node: t.Node): string | undefined {
  let n = unwrapTs(node)
  while (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') n = unwrapTs(n.object)
  return n.type === 'Identifier' ? n.name : undefined
}

/** Roots of the members an assignment target writes (patterns included). */
function targetRoots(node: t.Node, out: Set<string>): void {
  forEachPatternLeaf(node, leaf => {
    if (leaf.type !== 'MemberExpression' && leaf.type !== 'OptionalMemberExpression') return
    const root = rootName(leaf)
    if (root !== undefined) out.add(root)
  })
}

/** The nearest ancestor that is not a TypeScript wrapper or parentheses, and the key under it. */
function effectiveParent(item: Item): { parent: Item | undefined; key: string; child: t.Node } {
  let current = item
  while (current.parent !== undefined && TS_WRAPPERS.has(current.parent.node.type)) current = current.parent
  return { parent: current.parent, key: current.key, child: current.node }
}

/** Whether an identifier at this place reads a variable (not a declaration, key or label). */
function isReference(item: Item): boolean {
  const parent = item.parent?.node
  if (parent === undefined) return true
  switch (parent.type) {
    case 'MemberExpression':
    case 'OptionalMemberExpression':
      return item.key !== 'property' || parent.computed
    case 'ObjectProperty':
    case 'ObjectMethod':
    case 'ClassProperty':
    case 'ClassMethod':
    case 'ClassPrivateProperty':
      return item.key !== 'key' || ('computed' in parent && parent.computed)
    case 'VariableDeclarator':
      return item.key !== 'id'
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'ClassDeclaration':
    case 'ClassExpression':
      return item.key !== 'id' && item.key !== 'params'
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
    case 'ExportSpecifier':
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
    case 'CatchClause':
    case 'AssignmentPattern':
    case 'RestElement':
    case 'ObjectPattern':
    case 'ArrayPattern':
      return false
    default:
      return true
  }
}

export function analyseUses(
  program: t.Program,
  bindings: RegistryBindings,
  registryModules: readonly string[],
  aliasDeclarators: ReadonlySet<t.Node>,
): Uses {
  const calls: RegisterCall[] = []
  const unattributed: Unattributed[] = []
  const mutated = new Set<string>()
  let importsRegistry = bindings.importsRegistry
  const flagged = new Set<number>()
  const flag = (node: t.Node, reason: string): void => {
    if (flagged.has(node.start!)) return
    flagged.add(node.start!)
    unattributed.push({ node, reason })
  }

  /** A registry-valued expression (`registry`, an alias, `ns.registry`): where is it used? */
  const checkRegistryUse = (item: Item): void => {
    const { parent, key } = effectiveParent(item)
    const p = parent?.node
    if (p === undefined) return
    if ((p.type === 'MemberExpression' || p.type === 'OptionalMemberExpression') && key === 'object') {
      const name = memberKey(p, bindings.scope)
      const above = effectiveParent(parent!)
      const called =
        (above.parent?.node.type === 'CallExpression' || above.parent?.node.type === 'OptionalCallExpression') &&
        above.key === 'callee'
      if (name === 'register' && !called) flag(p, REASONS.asValue)
      else if (name === undefined) flag(p, called ? REASONS.computed : REASONS.escapes)
      return
    }
    if (p.type === 'VariableDeclarator' && key === 'init' && aliasDeclarators.has(p)) return
    if (p.type === 'ExportSpecifier' || p.type === 'ExportDefaultDeclaration') return
    flag(item.node, REASONS.escapes)
  }

  const stack: Item[] = [{ node: program, parent: undefined, key: '' }]
  while (stack.length > 0) {
    const item = stack.pop()!
    const node = item.node
    if (TYPE_ONLY.has(node.type)) continue
    switch (node.type) {
      case 'CallExpression':
      case 'OptionalCallExpression': {
        const call = asRegisterCall(node, bindings)
        if (call !== undefined) {
          calls.push(call)
          break
        }
        if (node.callee.type === 'Import') {
          const source = node.arguments[0]
          if (source?.type === 'StringLiteral' && registryModules.includes(source.value)) importsRegistry = true
          break
        }
        const callee = unwrapTs(node.callee)
        if (callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') break
        const name = memberKey(callee, bindings.scope)
        if (name === 'register' && !isRegistry(callee.object, bindings)) flag(node, REASONS.unknownObject)
        else if (
          (name === 'call' || name === 'apply' || name === 'bind') &&
          memberOf(callee.object, 'register', bindings) !== undefined
        )
          flag(node, REASONS.indirect)
        const object = unwrapTs(callee.object)
        if (
          name !== undefined &&
          object.type === 'Identifier' &&
          MUTATORS[object.name]?.has(name) &&
          node.arguments[0] !== undefined
        ) {
          const root = rootName(node.arguments[0])
          if (root !== undefined) mutated.add(root)
        }
        break
      }
      case 'ImportExpression':
        if (node.source.type === 'StringLiteral' && registryModules.includes(node.source.value)) importsRegistry = true
        break
      case 'AssignmentExpression':
        targetRoots(node.left, mutated)
        break
      case 'UpdateExpression':
        targetRoots(node.argument, mutated)
        break
      case 'UnaryExpression':
        if (node.operator === 'delete') targetRoots(node.argument, mutated)
        break
      case 'ForInStatement':
      case 'ForOfStatement':
        if (node.left.type !== 'VariableDeclaration') targetRoots(node.left, mutated)
        break
      case 'Identifier':
        // Only a binding known to be a registry module's `registry` (an import or a const
        // alias of one) is followed where it goes: another `registry` may be anything.
        if (isReference(item) && bindings.aliases.has(node.name)) checkRegistryUse(item)
        else if (isReference(item) && bindings.namespaces.has(node.name)) {
          // A namespace is fine as the object of a static member (`ns.registry`, `ns.other`).
          const { parent, key } = effectiveParent(item)
          const p = parent?.node
          const staticMember =
            (p?.type === 'MemberExpression' || p?.type === 'OptionalMemberExpression') &&
            key === 'object' &&
            memberKey(p, bindings.scope) !== undefined
          const alias = p?.type === 'VariableDeclarator' && key === 'init' && aliasDeclarators.has(p)
          if (!staticMember && !alias && p?.type !== 'ExportSpecifier') flag(node, REASONS.escapes)
        }
        break
      case 'MemberExpression':
      case 'OptionalMemberExpression':
        if (memberKey(node, bindings.scope) === 'registry' && isRegistry(node, bindings)) checkRegistryUse(item)
        break
      default:
        break
    }
    forEachChild(node, (child, key) => void stack.push({ node: child, parent: item, key }), { values: true })
  }
  return { calls, unattributed, importsRegistry, mutated }
}
