// The detection fast path (packages/plugin/README.md, "How files are scanned"):
// recognises only the common shapes — `X.register(spec)` as a top-level statement (or
// `void`/`await`/`export default` of it), X being `registry`, an import alias of it or
// `ns.registry`, the spec an
// object literal or a spec const, its name and toolset static values (./values.ts) — and
// returns exactly what detectRegisterCalls would, or undefined (declined: the file goes to
// @babel/parser). It declines on anything else: any other `register` in code, a call that is
// not a whole top-level statement, a spread after a field, a computed key, `__proto__`, an
// escaped name, a name the rule rejects, a `throw` outside a function…
import { Tok } from './lexer.js'
import { SkippingLexer } from './skip.js'
import { codeRegisterCount, hasOddLineBreakOrHtmlComment, usedElsewhere } from './text.js'
import { AFTER_NEWLINE, ALWAYS } from './statement-start.js'
import { exportList, importDeclaration, type ImportScope } from './imports.js'
import { TokenStream } from './stream.js'
import { checkName } from '../../options/names.js'
import { DEFAULT_REGISTRY_MODULES } from '../../options/options.js'
import { readObject, readSpec, type Spec } from './spec.js'
import { readValue, type FieldValue } from './values.js'
import { Resolver, Uses, type ConstValue } from './resolve.js'
import { namesPolicy } from '../policy-words.js'
import type { DetectOptions, DetectResult, RegisterSite } from '../../types.js'

/** A recognised call: its offsets and its spec, written inline or a const's name (`spec`). */
interface Found {
  start: number
  end: number
  spec: Spec | FieldValue
}

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
  const { found, quiet } = recognised
  // A registry binding used anywhere but in an import or a recognised call may be
  // handed on (TR009 for the full detector): declined.
  if (recognised.bindings.some(name => usedElsewhere(code, name, quiet, recognised.imports))) return undefined
  // Every `register` in code must be one of the recognised calls.
  if (codeRegisterCount(code, quiet) !== found.length) return undefined
  const resolver = new Resolver(recognised.consts, recognised.uses)
  const rule = options.names ?? 'portable'
  const sites: RegisterSite[] = []
  const policies: (Spec['policy'] | undefined)[] = []
  let line = 1
  let lineStart = 0
  for (const f of found) {
    const spec = resolver.spec(f.spec)
    // A spread may bring a policy field: the full reader decides.
    if (spec === undefined || (spec.spreads.length > 0 && namesPolicy(code))) return undefined
    const name = resolver.text(spec.name)
    const toolset = resolver.text(spec.toolset)
    if (name === undefined || toolset === undefined || !checkName(name, rule) || toolset === '') return undefined
    for (let nl = code.indexOf('\n', lineStart); nl >= 0 && nl < f.start; nl = code.indexOf('\n', lineStart)) {
      line++
      lineStart = nl + 1
    }
    sites.push({ name, toolset, file, line, column: f.start - lineStart + 1, start: f.start, end: f.end })
    policies.push(spec.policy)
  }
  // A const named by a call must occur nowhere but in its declaration and those calls.
  if (!resolver.unchanged(code, quiet)) return undefined
  const withPolicies = policies.some(p => p !== undefined)
  return { isToolModule: true, sites, diagnostics: [], ...(withPolicies ? { policies } : {}) }
}

/**
 * The recognised calls in source order, the registry bindings met, the top-level consts read
 * and how often recognised code names each, or undefined to decline.
 */
function recognise(code: string, jsx: boolean, ts: boolean, registryModules: readonly string[]) {
  const lx = new SkippingLexer(code, jsx)
  const s = new TokenStream(lx, code)
  const scope: ImportScope = { imported: [], aliases: [], namespaces: [], importRanges: [], registryModules }
  const { imported, aliases, namespaces, importRanges } = scope
  const found: Found[] = []
  const consts = new Map<string, ConstValue>()
  const uses = new Uses()
  /** Names declared more than once at the top level (a parse error, or not a plain const): never read. */
  const redeclared = new Set<string>()
  const isRegistry = () => lx.is('registry') || s.isAny(aliases)

  /**
   * `X.register(spec)` from the `.` after X (which starts at `start`); true when it is no
   * register call (the next token is read), false to decline, or the call is pushed.
   */
  const registerCall = (start: number, registry: boolean, namespace: boolean): boolean => {
    if (!s.isPunct(46) || s.advance() !== Tok.Ident) return true
    if (namespace && lx.is('registry')) {
      if (!s.nextIs(46) || s.advance() !== Tok.Ident) return true
    } else if (!registry) return true
    if (!lx.is('register')) return true
    // From here on the call is recognised whole or the file is declined.
    if (!s.nextIs(40)) return false
    s.advance()
    const spec = s.isPunct(123) ? readSpec(s, ts, jsx) : readValue(s, ts, jsx)
    if (spec === undefined) return false
    if (s.isPunct(44)) s.advance()
    if (!s.isPunct(41) || lx.depth !== 0) return false
    const end = lx.end
    s.advance()
    // The call must be the whole statement.
    if (!s.statementEnds()) return false
    uses.add(undefined, spec)
    found.push({ start, end, spec })
    return lx.type !== Tok.Fail
  }
  /** A register call from X, the current token. */
  const registerStatement = (): boolean => {
    const registry = isRegistry()
    const namespace = s.isAny(namespaces)
    if (!registry && !namespace) return true
    const start = lx.start
    s.advance()
    return registerCall(start, registry, namespace)
  }

  /**
   * `const NAME = value` as a whole statement (a static value, a flat object of strings, a
   * spec object, another object): what NAME holds is recorded. Any other declaration (a
   * registry alias, a register call: packages/plugin/README.md) is read on as plain code, its
   * names never read as values.
   */
  const constDeclaration = (): boolean => {
    if (s.advance() !== Tok.Ident || lx.is('enum')) return true
    const local = code.slice(lx.start, lx.end)
    if (consts.has(local) || imported.includes(local)) redeclared.add(local)
    if (!s.nextIs(61)) return true
    s.advance()
    let value: ConstValue | undefined
    if (s.isPunct(123)) {
      // Read token by token only if the text may reference it (`X.`, `X[`, `(X`, `...X`):
      // any other object is skipped whole, as plain code, by the regex engine.
      if (!mayReference(code, local)) return true
      const o = readObject(s, ts, jsx, true)
      if (o === undefined || (ts && (lx.is('as') || lx.is('satisfies')) && !s.skipType())) return true
      value = { object: o }
    } else {
      const v = readValue(s, ts, jsx)
      if (v !== undefined) value = { value: v }
    }
    if (value === undefined || !s.statementEnds()) return true
    if (!redeclared.has(local)) {
      consts.set(local, value)
      if ('value' in value) uses.add(local, value.value)
      else uses.addObject(local, value.object)
    }
    return lx.type !== Tok.Fail
  }

  let t = lx.next()
  for (;;) {
    if (t === Tok.Fail) return undefined
    if (t === Tok.End) {
      for (const local of redeclared) consts.delete(local)
      for (const local of imported) consts.delete(local)
      return { found, bindings: [...aliases, ...namespaces], consts, uses, quiet: lx.quiet, imports: importRanges }
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
          // `export { spec }` (a use of spec that changes nothing); `export default X.register(…)`
          if (s.isPunct(123)) for (const ref of exportList(s)) uses.add(undefined, { ref })
          else if (lx.is('default') && s.advance() === Tok.Ident && !registerStatement()) return undefined
          t = lx.type
          continue
        }
        if (!constDeclaration()) return undefined
        t = lx.type
        continue
      }
      if (start && (lx.is('void') || lx.is('await'))) {
        if (s.advance() === Tok.Ident && !registerStatement()) return undefined
        t = lx.type
        continue
      }
      if (start && (isRegistry() || s.isAny(namespaces))) {
        if (!registerStatement()) return undefined
        t = lx.type
        continue
      }
      // Code after a top-level throw (or a break out of a block) may not run: left to the parser.
      if (lx.fnDepth === 0 && (lx.is('throw') || lx.is('return') || lx.is('break') || lx.is('continue')))
        return undefined
    }
    t = s.advance()
  }
}

/** Whether the text holds `X.`, `X[`, `(X` or `...X` (a cheap pre-check, not a word match). */
const mayReference = (code: string, name: string): boolean =>
  code.includes(`${name}.`) || code.includes(`${name}[`) || code.includes(`(${name}`) || code.includes(`...${name}`)
