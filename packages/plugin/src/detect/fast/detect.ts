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
import { after, AFTER_NEWLINE, ALWAYS, OPERATOR_WORDS } from './statement-start.js'
import { checkName } from '../../options/names.js'
import { DEFAULT_REGISTRY_MODULES } from '../../options/options.js'
import type { DetectOptions, DetectResult, RegisterSite } from '../../types.js'

/** A `name` or `toolset` value: a string, or the name of a top-level const that holds one. */
type FieldValue = { text: string } | { ref: string }

interface Found {
  start: number
  end: number
  name: FieldValue
  toolset: FieldValue
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
  return { isToolModule: true, sites, diagnostics: [] }
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
  const aliases: string[] = []
  const namespaces: string[] = []
  /** Local names bound by the imports seen so far (registry bindings or not). */
  const imported: string[] = []
  const found: Found[] = []
  const consts = new Map<string, string>()
  /** The import declarations, as `start, end` pairs: a binding's name there is no use of it. */
  const importRanges: number[] = []
  /** Names declared more than once at the top level (a parse error, or not a plain const): never read. */
  const redeclared = new Set<string>()
  let boundary = ALWAYS
  const advance = (): Tok => {
    boundary = after(lx)
    return lx.next()
  }
  const isPunct = (c: number): boolean => lx.type === Tok.Punct && lx.punct === c
  const nextIs = (c: number): boolean => {
    advance()
    return isPunct(c)
  }
  const isAny = (words: readonly string[]): boolean => {
    for (const w of words) if (lx.is(w)) return true
    return false
  }

  /** `import … from '…'` at a statement start; false to decline. The next token is read. */
  const importDeclaration = (): boolean => {
    const start = lx.start
    let t = advance()
    if (t === Tok.Punct && (lx.punct === 40 || lx.punct === 46)) return true // import(…), import.meta
    if (t === Tok.String) return !lx.escaped && advance() !== Tok.Fail
    let typeOnly = false
    if (lx.is('type')) {
      t = advance()
      if (lx.is('from') || isPunct(44) || isPunct(61)) return false
      typeOnly = true
    }
    const locals: string[] = []
    const bound: string[] = []
    let namespace: string | undefined
    if (t === Tok.Ident && !lx.is('from')) {
      bound.push(code.slice(lx.start, lx.end))
      t = advance() // a default import never binds the registry export
      if (isPunct(44)) t = advance()
      else if (!lx.is('from')) return false
    }
    if (isPunct(42)) {
      if (advance() !== Tok.Ident || !lx.is('as') || advance() !== Tok.Ident) return false
      namespace = code.slice(lx.start, lx.end)
      t = advance()
    } else if (isPunct(123)) {
      for (;;) {
        t = advance()
        if (isPunct(125)) break
        let typeSpec = false
        if (lx.is('type')) {
          t = advance()
          if (lx.is('as')) return false
          if (t === Tok.Ident || t === Tok.String) typeSpec = true
          else {
            // `{ type }`: a binding named type.
            if (!isPunct(44) && !isPunct(125)) return false
            bound.push('type')
            if (isPunct(125)) break
            continue
          }
        }
        if (t !== Tok.Ident && (t !== Tok.String || lx.escaped)) return false
        const name = t === Tok.String ? code.slice(lx.start + 1, lx.end - 1) : code.slice(lx.start, lx.end)
        let local = t === Tok.Ident ? name : undefined
        t = advance()
        if (lx.is('as')) {
          if (advance() !== Tok.Ident) return false
          local = code.slice(lx.start, lx.end)
          t = advance()
        }
        if (local === undefined) return false
        bound.push(local)
        if (name === 'registry' && !typeSpec) locals.push(local)
        if (isPunct(125)) break
        if (!isPunct(44)) return false
      }
      t = advance()
    }
    if (!lx.is('from') || advance() !== Tok.String || lx.escaped) return false
    const source = code.slice(lx.start + 1, lx.end - 1)
    importRanges.push(start, lx.end)
    t = advance()
    // Import attributes, or anything else on the same line: left to the parser.
    if (!lx.newline && t !== Tok.End && !isPunct(59)) return false
    // A binding imported twice is a parse error: left to the parser.
    if (namespace !== undefined) bound.push(namespace)
    for (const local of bound) {
      if (imported.includes(local)) return false
      imported.push(local)
    }
    if (!typeOnly && registryModules.includes(source)) {
      aliases.push(...locals)
      if (namespace !== undefined) namespaces.push(namespace)
    }
    return t !== Tok.Fail
  }

  /**
   * `X.register({ … })` from X; true when X turned out not to start a register call
   * (the next token is read), false to decline, or the call is pushed.
   */
  const registerStatement = (registry: boolean, namespace: boolean): boolean => {
    const start = lx.start
    if (!nextIs(46) || advance() !== Tok.Ident) return true
    if (namespace && lx.is('registry')) {
      if (!nextIs(46) || advance() !== Tok.Ident) return true
    } else if (!registry) return true
    if (!lx.is('register')) return true
    // From here on the call is recognised whole or the file is declined.
    if (!nextIs(40) || !nextIs(123)) return false
    const depth = lx.depth
    let name: FieldValue | undefined
    let toolset: FieldValue | undefined
    for (;;) {
      let t = advance()
      if (t === Tok.Punct && lx.punct === 125) break
      if (t === Tok.Punct && (lx.punct === SPREAD || lx.punct === 91)) return false
      // Key: `get`/`set`/`async`/`*` before a method name make it not a plain property.
      let method = false
      if (isPunct(42)) {
        method = true
        t = advance()
      } else if (lx.is('get') || lx.is('set') || lx.is('async')) {
        t = advance()
        const plain =
          t === Tok.Punct &&
          (lx.punct === 58 ||
            lx.punct === 40 ||
            lx.punct === 44 ||
            lx.punct === 125 ||
            lx.punct === 60 ||
            lx.punct === 63)
        if (plain) {
          if (!skipValue(depth)) return false
          if (isPunct(125) && lx.depth === depth - 1) break
          continue
        }
        method = true
        if (isPunct(42)) t = advance()
      }
      if (t !== Tok.Ident && t !== Tok.Number && (t !== Tok.String || lx.escaped)) return false
      const quoted = t === Tok.String ? 1 : 0
      const keyIs = (word: string): boolean =>
        lx.end - lx.start - 2 * quoted === word.length && code.startsWith(word, lx.start + quoted)
      if (keyIs('__proto__')) return false
      const field = keyIs('name') ? 'name' : keyIs('toolset') ? 'toolset' : undefined
      if (field !== undefined) {
        if (method || (field === 'name' ? name : toolset) !== undefined) return false
        let value: FieldValue
        t = advance()
        if (quoted === 0 && (isPunct(44) || isPunct(125))) {
          // The shorthand `{ name }`: the const of that name.
          value = { ref: field }
        } else {
          if (!isPunct(58)) return false
          t = advance()
          if (t === Tok.Ident) {
            value = { ref: code.slice(lx.start, lx.end) }
          } else {
            const text = literalValue(t)
            if (text === undefined) return false
            value = { text }
          }
          advance()
        }
        if (field === 'name') name = value
        else toolset = value
        if (isPunct(125) && lx.depth === depth - 1) break
        if (!isPunct(44) || lx.depth !== depth) return false
        continue
      }
      advance()
      if (!skipValue(depth)) return false
      if (isPunct(125) && lx.depth === depth - 1) break
    }
    advance()
    // `{ … } satisfies ToolSpec` or `as X` (a dotted type name, TypeScript files only).
    if (ts && (lx.is('satisfies') || lx.is('as'))) {
      if (advance() !== Tok.Ident) return false
      while (nextIs(46)) if (advance() !== Tok.Ident) return false
    }
    if (isPunct(44)) advance()
    if (!isPunct(41) || lx.depth !== 0) return false
    const end = lx.end
    advance()
    // The call must be the whole statement.
    if (!statementEnds()) return false
    if (name === undefined || toolset === undefined) return false
    found.push({ start, end, name, toolset })
    return lx.type !== Tok.Fail
  }

  /**
   * Whether the current token ends the statement before it: a `;` (then skipped), the end,
   * or a token after a line break that cannot continue it (ASI), which starts the next one.
   */
  const statementEnds = (): boolean => {
    const t = lx.type
    if (t === Tok.Punct && lx.punct === 59) advance()
    else if (t !== Tok.End && !(lx.newline && (t === Tok.String || (t === Tok.Ident && !isAny(OPERATOR_WORDS)))))
      return false
    // The next statement starts at the token already read.
    else boundary = AFTER_NEWLINE
    return true
  }

  /** The value of a string token (or a template without substitutions), or undefined. */
  const literalValue = (t: Tok): string | undefined => {
    if ((t !== Tok.String && t !== Tok.Template) || lx.escaped) return undefined
    const value = code.slice(lx.start + 1, lx.end - 1)
    // A template's cooked value normalizes line breaks: left to the parser.
    return t === Tok.Template && (value.includes('\n') || value.includes('\r')) ? undefined : value
  }

  /**
   * `const NAME = 'x'` (optionally `as const`) as a whole statement: NAME's value is recorded.
   * Any other declaration is read on as plain code, its names never read as strings.
   */
  const constDeclaration = (): boolean => {
    if (advance() !== Tok.Ident || lx.is('enum')) return true
    const local = code.slice(lx.start, lx.end)
    if (consts.has(local) || imported.includes(local)) redeclared.add(local)
    if (!nextIs(61)) return true
    const value = literalValue(advance())
    if (value === undefined) return true
    advance()
    if (lx.is('as')) {
      if (advance() !== Tok.Ident || !lx.is('const')) return true
      advance()
    }
    if (!statementEnds()) return true
    if (!redeclared.has(local)) consts.set(local, value)
    return lx.type !== Tok.Fail
  }

  /**
   * The type after `as` / `satisfies` at the top level of a TypeScript file (`as const`,
   * `satisfies Record<string, unknown>`, `as A.B | C`): names, dotted names, type arguments,
   * unions, intersections and literals; false to decline on anything else. The type ends
   * where a name could: a line break after it may start a statement.
   */
  const skipType = (): boolean => {
    let angle = 0
    let atom = true
    advance()
    for (;;) {
      const t = lx.type
      if (atom) {
        if (t !== Tok.Ident && t !== Tok.String && t !== Tok.Number) return false
        atom = false
      } else if (isPunct(46) || isPunct(124) || isPunct(38) || (angle > 0 && isPunct(44))) atom = true
      else if (isPunct(60)) {
        angle++
        atom = true
      } else if (angle > 0 && isPunct(62)) angle--
      else if (angle === 0) {
        boundary = AFTER_NEWLINE
        return t !== Tok.Fail
      } else return false
      advance()
    }
  }

  /** From the current token to the `,` at `depth` or the `}` closing it. */
  const skipValue = (depth: number): boolean => {
    const t = lx.type
    if (t === Tok.Fail || t === Tok.End) return false
    if (t === Tok.Punct && ((lx.punct === 44 && lx.depth === depth) || (lx.punct === 125 && lx.depth === depth - 1)))
      return true
    return lx.skipTo(depth) !== Tok.Fail
  }

  let t = lx.next()
  for (;;) {
    if (t === Tok.Fail) return undefined
    if (t === Tok.End) {
      for (const local of redeclared) consts.delete(local)
      for (const local of imported) consts.delete(local)
      return { found, bindings: [...aliases, ...namespaces], consts, quiet: lx.quiet, imports: importRanges }
    }
    if (t === Tok.Ident) {
      const start = lx.depth === 0 && (boundary === ALWAYS || (boundary === AFTER_NEWLINE && lx.newline))
      if (start && lx.is('import')) {
        if (!importDeclaration()) return undefined
        t = lx.type
        continue
      }
      if (ts && lx.depth === 0 && (lx.is('as') || lx.is('satisfies'))) {
        if (!skipType()) return undefined
        t = lx.type
        continue
      }
      if (start && (lx.is('const') || lx.is('export'))) {
        if (lx.is('export') && (advance() !== Tok.Ident || !lx.is('const'))) {
          t = lx.type
          continue
        }
        if (!constDeclaration()) return undefined
        t = lx.type
        continue
      }
      if (start) {
        const registry = lx.is('registry') || isAny(aliases)
        const namespace = isAny(namespaces)
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
    t = advance()
  }
}
