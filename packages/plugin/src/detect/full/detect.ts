// Per-file analysis: which register calls are top-level, and what they name (docs:
// packages/plugin/README.md, "The scan and the run agree"). Pure: source text in, sites
// and diagnostics out (no fs, no throw).
import type * as t from '@babel/types'
import { lineColumn, unwrapTs } from './ast.js'
import {
  isRegistry,
  mightRegister,
  registryBindings,
  topLevelConstDeclarators,
  type RegistryBindings,
} from './registry-callee.js'
import { checkName, describeNameRule } from '../../options/names.js'
import { DEFAULT_REGISTRY_MODULES } from '../../options/options.js'
import { parseModule } from './parse.js'
import { codeFrame } from '../../diagnostics/source.js'
import { evalStatic, findProperty, resolveObject, type StaticScope, type StaticValue } from './static-value.js'
import { findTopLevelCalls } from './top-level.js'
import type { DetectOptions, DetectResult, Diagnostic, DiagnosticCode, RegisterSite } from '../../types.js'
import { analyseUses, rootName, type Uses } from './registry-uses.js'

const EMPTY: DetectResult = { isToolModule: false, sites: [], diagnostics: [] }

/** Analyse one decoded (BOM-free) source file; `file` is its root-relative path. */
export function detectRegisterCalls(code: string, file: string, options: DetectOptions = {}): DetectResult {
  const registryModules = options.registryModules ?? DEFAULT_REGISTRY_MODULES
  // Most non-tool files are skipped without parsing.
  if (!mightRegister(code, registryModules)) return { ...EMPTY }
  const diag = (
    code_: DiagnosticCode,
    severity: Diagnostic['severity'],
    message: string,
    line: number,
    column: number,
  ): Diagnostic => ({
    code: code_,
    severity,
    message,
    file,
    line,
    column,
    ...(line > 0 ? { frame: codeFrame(code, line, column) } : {}),
  })

  const parsed = parseModule(code, file)
  if (!parsed.ok) {
    return {
      isToolModule: false,
      sites: [],
      diagnostics: [diag('TR004', 'error', `Cannot parse ${file}: ${parsed.message}`, parsed.line, parsed.column)],
    }
  }
  const program = parsed.ast.program
  const { scope, bindings, uses } = staticScope(program, registryModules)
  const calls = findTopLevelCalls(program, scope, bindings)
  const found = calls.filter(c => !c.dead)
  const topLevel = new Set(calls.map(c => c.call))
  const nested = uses.calls.filter(c => !topLevel.has(c))
  const unattributed = uses.importsRegistry ? uses.unattributed : []
  const tr009 = unattributed.map(({ node, reason }) => {
    const { line, column } = lineColumn(node)
    return diag('TR009', 'warning', reason, line, column)
  })

  if (found.length === 0) {
    const diagnostics = [...tr009]
    if (nested.length > 0) {
      const { line, column } = lineColumn(nested[0]!)
      diagnostics.unshift(
        diag(
          'TR005',
          'warning',
          `register() is only called inside a function, a conditional or a nested expression: ${file} is not treated as a tool module (call it at the top level of the module)`,
          line,
          column,
        ),
      )
    }
    return { isToolModule: false, sites: [], diagnostics: diagnostics.sort(byPosition) }
  }
  for (const call of nested) {
    const { line, column } = lineColumn(call)
    tr009.push(
      diag(
        'TR009',
        'warning',
        'register() inside a function, a conditional or a nested expression: the tools it registers are not known to the build (call it at the top level of the module)',
        line,
        column,
      ),
    )
  }

  const sites: RegisterSite[] = []
  const diagnostics: Diagnostic[] = []
  const rule = options.names ?? 'portable'
  for (const { call, repeated, scope } of found) {
    const { line, column } = lineColumn(call)
    const spec = call.arguments[0]
    const object = spec === undefined || spec.type === 'SpreadElement' ? undefined : resolveObject(spec, scope)
    const missing = { value: { kind: 'missing' } as const, at: call }
    const name = spec === undefined ? missing : fieldOf(object, spec, 'name', scope)
    const toolset = spec === undefined ? missing : fieldOf(object, spec, 'toolset', scope)

    const dynamic = [name, toolset].filter(f => f.value.kind === 'dynamic')
    if (dynamic.length > 0) {
      const what =
        dynamic.length === 2
          ? 'Tool name and toolset are'
          : name.value.kind === 'dynamic'
            ? 'Tool name is'
            : 'Toolset is'
      const at = lineColumn(dynamic[0]!.at)
      diagnostics.push(
        diag(
          'TR002',
          'warning',
          `${what} dynamic${repeated ? ' (registered in a loop)' : ''}: it cannot be checked at build time — use a string literal or a top-level const`,
          at.line,
          at.column,
        ),
      )
    } else if (repeated && name.value.kind === 'string') {
      // A loop body, or code after a jump that may happen, runs zero or many times.
      const at = lineColumn(name.at)
      diagnostics.push(
        diag(
          'TR002',
          'warning',
          'Tool name is dynamic (registered in a loop or after a break/continue that may skip it): the call may run zero or many times — register at the top level, outside loops',
          at.line,
          at.column,
        ),
      )
    }
    if (spec === undefined)
      diagnostics.push(diag('TR003', 'error', 'register() is called without a tool spec', line, column))
    else {
      const nameProblem = problemOf(name.value, 'Tool name')
      if (nameProblem !== undefined) {
        const at = lineColumn(name.at)
        diagnostics.push(diag('TR003', 'error', nameProblem, at.line, at.column))
      } else if (name.value.kind === 'string' && !checkName(name.value.value, rule)) {
        const at = lineColumn(name.at)
        diagnostics.push(
          diag(
            'TR003',
            'error',
            `Tool name ${JSON.stringify(name.value.value)} breaks ${describeNameRule(rule)}`,
            at.line,
            at.column,
          ),
        )
      }
      const toolsetProblem =
        problemOf(toolset.value, 'Toolset') ??
        (toolset.value.kind === 'string' && toolset.value.value === '' ? 'Toolset must not be empty' : undefined)
      if (toolsetProblem !== undefined) {
        const at = lineColumn(toolset.at)
        diagnostics.push(diag('TR003', 'error', toolsetProblem, at.line, at.column))
      }
    }
    sites.push({
      name: name.value.kind === 'string' && !repeated ? name.value.value : null,
      toolset: toolset.value.kind === 'string' ? toolset.value.value : null,
      file,
      line,
      column,
      start: call.start!,
      end: call.end!,
    })
  }
  diagnostics.push(...tr009)
  return { isToolModule: true, sites, diagnostics: diagnostics.sort(byPosition) }
}

/**
 * What the static values of a module may refer to: its top-level consts, less every const
 * mutated anywhere (or reached through a mutated alias), which `mutated` lists. The lazy
 * plan reads schemas through the same scope.
 */
export function staticScope(
  program: t.Program,
  registryModules: readonly string[],
): { scope: StaticScope; mutated: ReadonlySet<string>; bindings: RegistryBindings; uses: Uses } {
  const declarators = topLevelConstDeclarators(program)
  const consts = new Map<string, t.Expression>()
  for (const d of declarators) if (d.id.type === 'Identifier' && d.init) consts.set(d.id.name, d.init)
  const scope: StaticScope = { consts, shadowed: new Set() }
  const bindings = registryBindings(program, registryModules, scope)
  const uses = analyseUses(program, bindings, registryModules, aliasDeclarators(declarators, bindings))
  const mutated = mutatedConsts(uses.mutated, consts)
  for (const name of mutated) consts.delete(name)
  return { scope, mutated, bindings, uses }
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column
}

/** The top-level const declarators that only alias a registry or a namespace (not an escape of it). */
function aliasDeclarators(declarators: readonly t.VariableDeclarator[], bindings: RegistryBindings): Set<t.Node> {
  const out = new Set<t.Node>()
  for (const d of declarators) {
    if (!d.init) continue
    const init = unwrapTs(d.init)
    if (
      d.id.type === 'Identifier' &&
      (bindings.aliases.has(d.id.name) || bindings.namespaces.has(d.id.name)) &&
      (isRegistry(init, bindings) || (init.type === 'Identifier' && bindings.namespaces.has(init.name)))
    )
      out.add(d)
    else if (d.id.type === 'ObjectPattern' && init.type === 'Identifier' && bindings.namespaces.has(init.name))
      out.add(d)
  }
  return out
}

/** The mutated names, and every const whose value they alias (`const T = SPEC` with T mutated mutates SPEC). */
function mutatedConsts(mutated: ReadonlySet<string>, consts: ReadonlyMap<string, t.Expression>): Set<string> {
  const out = new Set<string>()
  const queue = [...mutated]
  while (queue.length > 0) {
    const name = queue.pop()!
    if (out.has(name)) continue
    out.add(name)
    const init = consts.get(name)
    const root = init === undefined ? undefined : rootName(init)
    if (root !== undefined) queue.push(root)
  }
  return out
}

function problemOf(value: StaticValue, what: string): string | undefined {
  if (value.kind === 'other') return `${what} must be a string, got ${value.description}`
  if (value.kind === 'missing') return `${what} is missing from the tool spec`
  return undefined
}

/** The static value of one spec field and the node to point at. */
function fieldOf(
  object: t.ObjectExpression | undefined,
  fallback: t.Node,
  key: string,
  scope: StaticScope,
): { value: StaticValue; at: t.Node } {
  if (object === undefined) return { value: { kind: 'dynamic' }, at: fallback }
  const found = findProperty(object, key, scope)
  if (found.node === undefined) return { value: { kind: 'missing' }, at: object }
  if (found.dynamic) return { value: { kind: 'dynamic' }, at: found.node }
  return { value: evalStatic(found.node, scope), at: found.node }
}
