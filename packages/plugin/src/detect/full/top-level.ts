// The register calls in top-level positions (docs: packages/plugin/README.md, "What makes
// a file a tool module"), with what the module body's control flow says about them: a call
// in a loop body, or after a statement that may leave the enclosing block early, may run
// zero or many times (its names are dynamic); a call after an unconditional `throw`,
// `break` or `continue` never runs.
import type * as t from '@babel/types'
import { forEachChild, forEachPatternLeaf, unwrapTs } from './ast.js'
import { asRegisterCall, type RegisterCall, type RegistryBindings } from './registry-callee.js'
import type { StaticScope } from './static-value.js'

export interface TopLevelCall {
  call: RegisterCall
  /** True when the call may run zero or several times (a loop body, after a statement that may jump). */
  repeated: boolean
  /** True when the call can never run. */
  dead: boolean
  scope: StaticScope
}

/**
 * How a statement ends: normally; `may` when it may leave the enclosing block early (a
 * `break`/`continue` that runs only sometimes); or by a jump (`break`/`continue` with its
 * label, or a `throw`, which ends the module's evaluation).
 */
type Completion = { kind: 'normal' | 'may' } | { kind: 'break' | 'continue'; label: string | null } | { kind: 'throw' }
const NORMAL: Completion = { kind: 'normal' }
const MAY: Completion = { kind: 'may' }

interface Walk {
  bindings: RegistryBindings
  found: TopLevelCall[]
}

/** A register call in a top-level position: statement, `void`/`await` of one, or an initializer. */
function topLevelCall(expr: t.Node | null | undefined, bindings: RegistryBindings): RegisterCall | undefined {
  if (!expr) return undefined
  let n = unwrapTs(expr)
  if ((n.type === 'UnaryExpression' && n.operator === 'void') || n.type === 'AwaitExpression') n = unwrapTs(n.argument)
  return asRegisterCall(n, bindings)
}

export function findTopLevelCalls(program: t.Program, scope: StaticScope, bindings: RegistryBindings): TopLevelCall[] {
  const walk: Walk = { bindings, found: [] }
  walkStatements(program.body, scope, { repeated: false, dead: false }, walk)
  return walk.found
}

interface State {
  repeated: boolean
  dead: boolean
}

function walkStatements(body: readonly t.Statement[], scope: StaticScope, state: State, walk: Walk): Completion {
  let current = state
  let completion: Completion = NORMAL
  for (const stmt of body) {
    const c = walkStatement(stmt, scope, current, walk)
    if (current.dead) continue
    if (c.kind === 'may' || (c.kind === 'normal' && mayJump(stmt))) {
      // What follows runs only if the jump did not happen.
      completion = MAY
      current = { ...current, repeated: true }
    } else if (c.kind !== 'normal') {
      // What follows the jump never runs.
      if (completion.kind === 'normal') completion = c
      current = { ...current, dead: true }
    }
  }
  return completion
}

function walkStatement(
  stmt: t.Statement,
  scope: StaticScope,
  state: State,
  walk: Walk,
  label: string | null = null,
): Completion {
  const push = (expr: t.Node | null | undefined): void => {
    const call = topLevelCall(expr, walk.bindings)
    if (call) walk.found.push({ call, repeated: state.repeated, dead: state.dead, scope })
  }
  switch (stmt.type) {
    case 'ExpressionStatement':
      push(stmt.expression)
      return NORMAL
    case 'VariableDeclaration':
      for (const d of stmt.declarations) push(d.init)
      return NORMAL
    case 'ExportNamedDeclaration':
      if (stmt.declaration?.type === 'VariableDeclaration') for (const d of stmt.declaration.declarations) push(d.init)
      return NORMAL
    case 'ExportDefaultDeclaration':
      push(stmt.declaration)
      return NORMAL
    case 'BlockStatement':
      return walkStatements(stmt.body, shadow(scope, blockNames(stmt.body)), state, walk)
    case 'LabeledStatement': {
      const c = walkStatement(stmt.body, scope, state, walk, stmt.label.name)
      return c.kind === 'break' && c.label === stmt.label.name ? NORMAL : c
    }
    case 'ThrowStatement':
    case 'ReturnStatement':
      return { kind: 'throw' }
    case 'BreakStatement':
    case 'ContinueStatement':
      return { kind: stmt.type === 'BreakStatement' ? 'break' : 'continue', label: stmt.label?.name ?? null }
    case 'ForStatement':
    case 'ForInStatement':
    case 'ForOfStatement': {
      const head = stmt.type === 'ForStatement' ? stmt.init : stmt.left
      const headNames = head?.type === 'VariableDeclaration' ? declaredNames(head) : []
      // The body may run zero or many times: its names are dynamic.
      const c = walkStatement(stmt.body, shadow(scope, headNames), { ...state, repeated: true }, walk)
      const own = (c.kind === 'break' || c.kind === 'continue') && (c.label === null || c.label === label)
      // A throw ends the module only if the body runs; a jump past the loop happens only if
      // the body runs: what follows may run or not.
      return c.kind === 'normal' || c.kind === 'throw' || own ? NORMAL : MAY
    }
    default:
      return NORMAL
  }
}

/**
 * Whether a statement the walk does not enter (a conditional, a `while` loop…) may leave
 * the enclosing block early: a `break` or `continue` anywhere inside it outside
 * functions. (A `throw` that runs ends the module's evaluation: the module then registers
 * nothing more, and the scan's names are those of a module that loads.)
 */
function mayJump(stmt: t.Statement): boolean {
  switch (stmt.type) {
    case 'ExpressionStatement':
    case 'VariableDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportDefaultDeclaration':
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
    case 'EmptyStatement':
      return false
    default:
      return containsJump(stmt)
  }
}

const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
  'ClassDeclaration',
  'ClassExpression',
])
const JUMPS = new Set(['BreakStatement', 'ContinueStatement'])
function containsJump(node: t.Node): boolean {
  const stack: t.Node[] = [node]
  while (stack.length > 0) {
    const n = stack.pop()!
    if (JUMPS.has(n.type)) return true
    if (n !== node && FUNCTIONS.has(n.type)) continue
    forEachChild(n, child => void stack.push(child))
  }
  return false
}

function shadow(scope: StaticScope, names: string[]): StaticScope {
  return names.length === 0 ? scope : { consts: scope.consts, shadowed: new Set([...scope.shadowed, ...names]) }
}

function blockNames(body: readonly t.Statement[]): string[] {
  const names: string[] = []
  for (const stmt of body) {
    if (stmt.type === 'VariableDeclaration') names.push(...declaredNames(stmt))
    else if ((stmt.type === 'FunctionDeclaration' || stmt.type === 'ClassDeclaration') && stmt.id)
      names.push(stmt.id.name)
  }
  return names
}

function declaredNames(decl: t.VariableDeclaration): string[] {
  const names: string[] = []
  for (const d of decl.declarations)
    forEachPatternLeaf(d.id, leaf => {
      if (leaf.type === 'Identifier') names.push(leaf.name)
    })
  return names
}
