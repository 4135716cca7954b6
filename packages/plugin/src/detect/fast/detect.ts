// The detection fast path (packages/plugin/README.md, "How files are scanned"):
// recognises only the common shape — `X.register({ name: '…', toolset: '…', … })`
// as a top-level statement, X being `registry`, an import alias of it or
// `ns.registry` — and returns exactly what detectRegisterCalls would, or
// undefined (declined: the file goes to @babel/parser). It declines on
// anything else: any other `register` in the text, a call that is not a whole
// top-level statement, a spread, a computed key, `__proto__`, a non-literal or
// escaped name, a name the rule rejects, a `throw` outside a function…
import { SPREAD, Tok } from './lexer.js'
import { SkippingLexer } from './skip.js'
import { hasOddLineBreakOrHtmlComment, usedElsewhere, wordCount } from './text.js'
import { AFTER_NEWLINE, ALWAYS } from './statement-start.js'
import { importDeclaration, type ImportScope } from './imports.js'
import { TokenStream } from './stream.js'
import { checkName } from '../../options/names.js'
import { DEFAULT_REGISTRY_MODULES } from '../../options/options.js'
import { readPolicyValue } from './policy.js'
import type { DetectOptions, DetectResult, RegisterSite, ToolPolicy } from '../../types.js'

/** A `name` or `toolset` value: a string, or the name of a top-level const that holds one. */
type FieldValue = { text: string } | { ref: string }

interface Found {
  start: number
  end: number
  name: FieldValue
  toolset: FieldValue
  policy: ToolPolicy | undefined
}

/** The spec fields the build manifest carries (./policy.ts reads their literal values). */
type PolicyField = 'needsApproval' | 'annotations' | 'timeoutMs'

/** detectRegisterCalls' answer for the common shapes, or undefined when the file needs the full parse. */
export function fastDetectRegisterCalls(
  code: string,
  file: string,
  options: DetectOptions = {},
): DetectResult | undefined {
  const registryModules = options.registryModules ?? DEFAULT_REGISTRY_MODULES
  if (!code.includes('register')) {
    // What the full detector's pre-check answers, unless an escape could spell the word or
    // the file imports a registry module (a use of it the scan cannot attribute is TR009).
    return code.includes('\\') || registryModules.some(m => code.includes(m))
      ? undefined
      : { isToolModule: false, sites: [], diagnostics: [] }
  }
  // Line breaks other than LF and CRLF, and HTML-like comments: left to the parser.
  if (hasOddLineBreakOrHtmlComment(code)) return undefined
  const recognised = recognise(code, /\.(?:[jt]sx|[mc]?js)$/i.test(file), /\.[mc]?tsx?$/i.test(file), registryModules)
  if (recognised === undefined || recognised.found.length === 0) return undefined
  const { found, consts } = recognised
  // A registry binding used anywhere but in an import or a recognised call may be handed
  // on (TR009 for the full detector): declined.
  if (recognised.bindings.some(name => usedElsewhere(code, name, recognised.quiet, recognised.imports)))
    return undefined
  // A const named by a call must occur nowhere but in its declaration and those calls: then
  // nothing can mutate or shadow it (a member assignment or a block-scoped redeclaration).
  const refs = new Map<string, number>()
  for (const f of found)
    for (const v of [f.name, f.toolset]) if ('ref' in v) refs.set(v.ref, (refs.get(v.ref) ?? 0) + 1)
  for (const [ref, uses] of refs)
    if (!consts.has(ref) || wordCount(code, ref, recognised.quiet) !== uses + 1) return undefined
  const fieldText = (v: FieldValue): string => ('ref' in v ? consts.get(v.ref)! : v.text)
  // Every `register` in the text must be one of the recognised calls.
  let occurrences = 0
  for (let i = code.indexOf('register'); i >= 0; i = code.indexOf('register', i + 8)) occurrences++
  if (occurrences !== found.length) return undefined
  const rule = options.names ?? 'portable'
  const sites: RegisterSite[] = []
  let line = 1
  let lineStart = 0
  for (const f of found) {
    const name = fieldText(f.name)
    const toolset = fieldText(f.toolset)
    if (!checkName(name, rule) || toolset === '') return undefined
    for (let nl = code.indexOf('\n', lineStart); nl >= 0 && nl < f.start; nl = code.indexOf('\n', lineStart)) {
      line++
      lineStart = nl + 1
    }
    sites.push({
      name,
      toolset,
      file,
      line,
      column: f.start - lineStart + 1,
      start: f.start,
      end: f.end,
    })
  }
  const policies = found.some(f => f.policy !== undefined) ? found.map(f => f.policy) : undefined
  return { isToolModule: true, sites, diagnostics: [], ...(policies ? { policies } : {}) }
}

/**
 * The recognised calls in source order, the registry bindings met and the top-level string
 * consts (`const NAME = 'x'`, `export const`, `as const`), or undefined to decline.
 */
function recognise(
  code: string,
  jsx: boolean,
  ts: boolean,
  registryModules: readonly string[],
):
  | { found: Found[]; bindings: string[]; consts: Map<string, string>; quiet: readonly number[]; imports: number[] }
  | undefined {
  const lx = new SkippingLexer(code, jsx)
  const s = new TokenStream(lx, code)
  const scope: ImportScope = { imported: [], aliases: [], namespaces: [], importRanges: [], registryModules }
  const { imported, aliases, namespaces, importRanges } = scope
  const found: Found[] = []
  const consts = new Map<string, string>()
  /** Names declared more than once at the top level (a parse error, or not a plain const): never read. */
  const redeclared = new Set<string>()
  /**
   * `X.register({ … })` from X; true when X turned out not to start a register call
   * (the next token is read), false to decline, or the call is pushed.
   */
  const registerStatement = (registry: boolean, namespace: boolean): boolean => {
    const start = lx.start
    if (!s.nextIs(46) || s.advance() !== Tok.Ident) return true
    if (namespace && lx.is('registry')) {
      if (!s.nextIs(46) || s.advance() !== Tok.Ident) return true
    } else if (!registry) return true
    if (!lx.is('register')) return true
    // From here on the call is recognised whole or the file is declined.
    if (!s.nextIs(40) || !s.nextIs(123)) return false
    const depth = lx.depth
    let name: FieldValue | undefined
    let toolset: FieldValue | undefined
    let policy: ToolPolicy | undefined
    for (;;) {
      let t = s.advance()
      if (t === Tok.Punct && lx.punct === 125) break
      if (t === Tok.Punct && (lx.punct === SPREAD || lx.punct === 91)) return false
      // Key: `get`/`set`/`async`/`*` before a method name make it not a plain property.
      let method = false
      if (s.isPunct(42)) {
        method = true
        t = s.advance()
      } else if (lx.is('get') || lx.is('set') || lx.is('async')) {
        t = s.advance()
        const plain =
          t === Tok.Punct &&
          (lx.punct === 58 ||
            lx.punct === 40 ||
            lx.punct === 44 ||
            lx.punct === 125 ||
            lx.punct === 60 ||
            lx.punct === 63)
        if (plain) {
          if (!s.skipValue(depth)) return false
          if (s.isPunct(125) && lx.depth === depth - 1) break
          continue
        }
        method = true
        if (s.isPunct(42)) t = s.advance()
      }
      if (t !== Tok.Ident && t !== Tok.Number && (t !== Tok.String || lx.escaped)) return false
      const quoted = t === Tok.String ? 1 : 0
      const keyIs = (word: string): boolean =>
        lx.end - lx.start - 2 * quoted === word.length && code.startsWith(word, lx.start + quoted)
      if (keyIs('__proto__')) return false
      const field = keyIs('name') ? 'name' : keyIs('toolset') ? 'toolset' : undefined
      const policyField: PolicyField | undefined = keyIs('needsApproval')
        ? 'needsApproval'
        : keyIs('annotations')
          ? 'annotations'
          : keyIs('timeoutMs')
            ? 'timeoutMs'
            : undefined
      if (policyField !== undefined) {
        // A literal value (see ./policy.ts) or the file is declined: the full reader decides.
        if (method || policy?.[policyField] !== undefined || !s.nextIs(58)) return false
        s.advance()
        const value = readPolicyValue(s, policyField)
        if (value === undefined) return false
        policy = { ...policy, [policyField]: value }
        if (s.isPunct(125) && lx.depth === depth - 1) break
        if (!s.isPunct(44) || lx.depth !== depth) return false
        continue
      }
      if (field !== undefined) {
        if (method || (field === 'name' ? name : toolset) !== undefined) return false
        let value: FieldValue
        t = s.advance()
        if (quoted === 0 && (s.isPunct(44) || s.isPunct(125))) {
          // The shorthand `{ name }`: the const of that name.
          value = { ref: field }
        } else {
          if (!s.isPunct(58)) return false
          t = s.advance()
          if (t === Tok.Ident) {
            value = { ref: code.slice(lx.start, lx.end) }
          } else {
            const text = s.literalValue(t)
            if (text === undefined) return false
            value = { text }
          }
          s.advance()
        }
        if (field === 'name') name = value
        else toolset = value
        if (s.isPunct(125) && lx.depth === depth - 1) break
        if (!s.isPunct(44) || lx.depth !== depth) return false
        continue
      }
      s.advance()
      if (!s.skipValue(depth)) return false
      if (s.isPunct(125) && lx.depth === depth - 1) break
    }
    s.advance()
    // `{ … } satisfies ToolSpec` or `as X` (a dotted type name, TypeScript files only).
    if (ts && (lx.is('satisfies') || lx.is('as'))) {
      if (s.advance() !== Tok.Ident) return false
      while (s.nextIs(46)) if (s.advance() !== Tok.Ident) return false
    }
    if (s.isPunct(44)) s.advance()
    if (!s.isPunct(41) || lx.depth !== 0) return false
    const end = lx.end
    s.advance()
    // The call must be the whole statement.
    if (!s.statementEnds()) return false
    if (name === undefined || toolset === undefined) return false
    found.push({ start, end, name, toolset, policy })
    return lx.type !== Tok.Fail
  }

  /**
   * `const NAME = 'x'` (optionally `as const`) as a whole statement: NAME's value is recorded.
   * Any other declaration is read on as plain code, its names never read as strings.
   */
  const constDeclaration = (): boolean => {
    if (s.advance() !== Tok.Ident || lx.is('enum')) return true
    const local = code.slice(lx.start, lx.end)
    if (consts.has(local) || imported.includes(local)) redeclared.add(local)
    if (!s.nextIs(61)) return true
    const value = s.literalValue(s.advance())
    if (value === undefined) return true
    s.advance()
    if (lx.is('as')) {
      if (s.advance() !== Tok.Ident || !lx.is('const')) return true
      s.advance()
    }
    if (!s.statementEnds()) return true
    if (!redeclared.has(local)) consts.set(local, value)
    return lx.type !== Tok.Fail
  }

  let t = lx.next()
  for (;;) {
    if (t === Tok.Fail) return undefined
    if (t === Tok.End) {
      for (const local of redeclared) consts.delete(local)
      for (const local of imported) consts.delete(local)
      return { found, bindings: [...aliases, ...namespaces], consts, quiet: lx.quiet, imports: importRanges }
    }
    // Inside brackets only a jump out of a block outside a function matters here: skipped
    // by the regex engine to the closing bracket (unless a return type is being read).
    if (lx.depth > 0 && !lx.returnTypePending) {
      if (lx.skipNested() === Tok.Fail) return undefined
      t = s.advance()
      continue
    }
    if (t === Tok.Ident) {
      const start = lx.depth === 0 && (s.boundary === ALWAYS || (s.boundary === AFTER_NEWLINE && lx.newline))
      if (start && lx.is('import')) {
        if (!importDeclaration(s, scope)) return undefined
        t = lx.type
        continue
      }
      if (ts && lx.depth === 0 && (lx.is('as') || lx.is('satisfies'))) {
        if (!s.skipType()) return undefined
        t = lx.type
        continue
      }
      if (start && (lx.is('const') || lx.is('export'))) {
        if (lx.is('export') && (s.advance() !== Tok.Ident || !lx.is('const'))) {
          t = lx.type
          continue
        }
        if (!constDeclaration()) return undefined
        t = lx.type
        continue
      }
      if (start) {
        const registry = lx.is('registry') || s.isAny(aliases)
        const namespace = s.isAny(namespaces)
        if (registry || namespace) {
          if (!registerStatement(registry, namespace)) return undefined
          t = lx.type
          continue
        }
      }
      // Code after a top-level throw (or a break out of a block) may not run: left to the parser.
      if (lx.fnDepth === 0 && (lx.is('throw') || lx.is('return') || lx.is('break') || lx.is('continue')))
        return undefined
    }
    t = s.advance()
  }
}
