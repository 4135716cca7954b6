// Per-file analysis: which register calls are top-level, and what they name.
// Pure: source text in, sites and diagnostics out (no fs, no throw).
import type * as t from '@babel/types'
import { asRegisterCall, findAnyRegisterCall, registryBindings, type RegisterCall, type RegistryBindings } from './callee.js'
import { checkName, describeNameRule } from './names.js'
import { parseModule } from './parse.js'
import { codeFrame } from './source.js'
import { evalStatic, findProperty, resolveObject, unwrapTs, type StaticScope, type StaticValue } from './static-value.js'
import type { Diagnostic, DiagnosticCode, NameRuleName, RegisterSite } from './types.js'

export interface DetectOptions {
  /** Default `['@toolreg/core']`. */
  registryModules?: readonly string[]
  /** Default `'portable'`. */
  names?: NameRuleName | RegExp
}

export interface DetectResult {
  isToolModule: boolean
  sites: RegisterSite[]
  /** TR002–TR005, with 1-based positions and frames. */
  diagnostics: Diagnostic[]
}

interface Found {
  call: RegisterCall
  inLoop: boolean
  scope: StaticScope
}

/** Analyse one decoded (BOM-free) source file; `file` is its root-relative path. */
export function detectRegisterCalls(code: string, file: string, options: DetectOptions = {}): DetectResult {
  // Most non-tool files are skipped without parsing.
  if (!code.includes('register')) return { isToolModule: false, sites: [], diagnostics: [] }
  const diag = (code_: DiagnosticCode, severity: Diagnostic['severity'], message: string, line: number, column: number): Diagnostic => ({
    code: code_, severity, message, file, line, column,
    ...(line > 0 ? { frame: codeFrame(code, line, column) } : {}),
  })

  const parsed = parseModule(code, file)
  if (!parsed.ok) {
    return { isToolModule: false, sites: [], diagnostics: [diag('TR004', 'error', `Cannot parse ${file}: ${parsed.message}`, parsed.line, parsed.column)] }
  }
  const program = parsed.ast.program
  const bindings = registryBindings(program, options.registryModules ?? ['@toolreg/core'])
  const consts = topLevelConsts(program)
  const found: Found[] = []
  walkStatements(program.body, { consts, shadowed: new Set() }, false, bindings, found)

  if (found.length === 0) {
    const nested = findAnyRegisterCall(program, bindings)
    if (nested === undefined) return { isToolModule: false, sites: [], diagnostics: [] }
    const { line, column } = lineColumn(nested)
    return {
      isToolModule: false,
      sites: [],
      diagnostics: [diag('TR005', 'warning',
        `register() is only called inside a function, a conditional or a nested expression: ${file} is not treated as a tool module (call it at the top level of the module)`,
        line, column)],
    }
  }

  const sites: RegisterSite[] = []
  const diagnostics: Diagnostic[] = []
  const rule = options.names ?? 'portable'
  for (const { call, inLoop, scope } of found) {
    const { line, column } = lineColumn(call)
    const spec = call.arguments[0]
    const object = spec === undefined || spec.type === 'SpreadElement' ? undefined : resolveObject(spec, scope)
    const missing = { value: { kind: 'missing' } as const, at: call }
    const name = spec === undefined ? missing : fieldOf(object, spec, 'name', scope)
    const toolset = spec === undefined ? missing : fieldOf(object, spec, 'toolset', scope)

    const dynamic = [name, toolset].filter((f) => f.value.kind === 'dynamic')
    if (dynamic.length > 0) {
      const what = dynamic.length === 2 ? 'Tool name and toolset are' : name.value.kind === 'dynamic' ? 'Tool name is' : 'Toolset is'
      const at = lineColumn(dynamic[0]!.at)
      diagnostics.push(diag('TR002', 'warning',
        `${what} dynamic${inLoop ? ' (registered in a loop)' : ''}: it cannot be checked at build time — use a string literal or a top-level const`,
        at.line, at.column))
    }
    if (spec === undefined) diagnostics.push(diag('TR003', 'error', 'register() is called without a tool spec', line, column))
    else {
      const nameProblem = problemOf(name.value, 'Tool name')
      if (nameProblem !== undefined) {
        const at = lineColumn(name.at)
        diagnostics.push(diag('TR003', 'error', nameProblem, at.line, at.column))
      } else if (name.value.kind === 'string' && !checkName(name.value.value, rule)) {
        const at = lineColumn(name.at)
        diagnostics.push(diag('TR003', 'error', `Tool name ${JSON.stringify(name.value.value)} breaks ${describeNameRule(rule)}`, at.line, at.column))
      }
      const toolsetProblem = problemOf(toolset.value, 'Toolset')
        ?? (toolset.value.kind === 'string' && toolset.value.value === '' ? 'Toolset must not be empty' : undefined)
      if (toolsetProblem !== undefined) {
        const at = lineColumn(toolset.at)
        diagnostics.push(diag('TR003', 'error', toolsetProblem, at.line, at.column))
      }
    }
    sites.push({
      name: name.value.kind === 'string' ? name.value.value : null,
      toolset: toolset.value.kind === 'string' ? toolset.value.value : null,
      file,
      line,
      column,
      start: call.start!,
      end: call.end!,
      argsEnd: call.arguments.length > 0 ? call.arguments[call.arguments.length - 1]!.end! : call.end! - 1,
      // Only a single plain spec argument can take `{ source }` as the second one.
      hasMeta: call.arguments.length !== 1 || spec?.type === 'SpreadElement',
    })
  }
  return { isToolModule: true, sites, diagnostics }
}

function problemOf(value: StaticValue, what: string): string | undefined {
  if (value.kind === 'other') return `${what} must be a string, got ${value.description}`
  if (value.kind === 'missing') return `${what} is missing from the tool spec`
  return undefined
}

/** The static value of one spec field and the node to point at. */
function fieldOf(object: t.ObjectExpression | undefined, fallback: t.Node, key: string, scope: StaticScope): { value: StaticValue; at: t.Node } {
  if (object === undefined) return { value: { kind: 'dynamic' }, at: fallback }
  const found = findProperty(object, key, scope)
  if (found.node === undefined) return { value: { kind: 'missing' }, at: object }
  if (found.dynamic) return { value: { kind: 'dynamic' }, at: found.node }
  return { value: evalStatic(found.node, scope), at: found.node }
}

function lineColumn(node: t.Node): { line: number; column: number } {
  // Babel columns are 0-based; toolreg's are 1-based.
  return node.loc ? { line: node.loc.start.line, column: node.loc.start.column + 1 } : { line: 0, column: 0 }
}

/** Top-level `const` initializers by name (what static values may refer to). */
export function topLevelConsts(program: t.Program): Map<string, t.Expression> {
  const consts = new Map<string, t.Expression>()
  for (const stmt of program.body) {
    const decl = stmt.type === 'ExportNamedDeclaration' ? stmt.declaration : stmt
    if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue
    for (const d of decl.declarations) {
      if (d.id.type === 'Identifier' && d.init) consts.set(d.id.name, d.init)
    }
  }
  return consts
}

/** A register call in a top-level position: statement, `void`/`await` of one, or an initializer. */
function topLevelCall(expr: t.Node | null | undefined, bindings: RegistryBindings): RegisterCall | undefined {
  if (!expr) return undefined
  let n = unwrapTs(expr)
  if ((n.type === 'UnaryExpression' && n.operator === 'void') || n.type === 'AwaitExpression') n = unwrapTs(n.argument)
  return asRegisterCall(n, bindings)
}

function walkStatements(
  body: readonly t.Statement[],
  scope: StaticScope,
  inLoop: boolean,
  bindings: RegistryBindings,
  found: Found[],
): void {
  for (const stmt of body) {
    const push = (expr: t.Node | null | undefined): void => {
      const call = topLevelCall(expr, bindings)
      if (call) found.push({ call, inLoop, scope })
    }
    switch (stmt.type) {
      case 'ExpressionStatement':
        push(stmt.expression)
        break
      case 'VariableDeclaration':
        for (const d of stmt.declarations) push(d.init)
        break
      case 'ExportNamedDeclaration':
        if (stmt.declaration?.type === 'VariableDeclaration') for (const d of stmt.declaration.declarations) push(d.init)
        break
      case 'ExportDefaultDeclaration':
        push(stmt.declaration)
        break
      case 'BlockStatement':
        walkStatements(stmt.body, shadow(scope, blockNames(stmt.body)), inLoop, bindings, found)
        break
      case 'LabeledStatement':
        walkStatements([stmt.body], scope, inLoop, bindings, found)
        break
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement': {
        const head = stmt.type === 'ForStatement' ? stmt.init : stmt.left
        const headNames = head?.type === 'VariableDeclaration' ? declaredNames(head) : []
        walkStatements([stmt.body], shadow(scope, headNames), true, bindings, found)
        break
      }
      default:
        break
    }
  }
}

function shadow(scope: StaticScope, names: string[]): StaticScope {
  return names.length === 0 ? scope : { consts: scope.consts, shadowed: new Set([...scope.shadowed, ...names]) }
}

function blockNames(body: readonly t.Statement[]): string[] {
  const names: string[] = []
  for (const stmt of body) {
    if (stmt.type === 'VariableDeclaration') names.push(...declaredNames(stmt))
    else if ((stmt.type === 'FunctionDeclaration' || stmt.type === 'ClassDeclaration') && stmt.id) names.push(stmt.id.name)
  }
  return names
}

function declaredNames(decl: t.VariableDeclaration): string[] {
  const names: string[] = []
  const visit = (node: t.Node | null | undefined): void => {
    if (!node) return
    switch (node.type) {
      case 'Identifier': names.push(node.name); break
      case 'ObjectPattern': for (const p of node.properties) visit(p.type === 'RestElement' ? p.argument : p.value); break
      case 'ArrayPattern': for (const e of node.elements) visit(e); break
      case 'AssignmentPattern': visit(node.left); break
      case 'RestElement': visit(node.argument); break
      default: break
    }
  }
  for (const d of decl.declarations) visit(d.id)
  return names
}
