// `import … from '…'` at a statement start, for the fast path's recognizer (./detect.ts):
// which local names bind the registry (an alias of its `registry` export, or a namespace),
// and which names any import binds.
import { Tok } from './lexer.js'
import type { TokenStream } from './stream.js'

/** What the imports of a file bind, filled in as they are read. */
export interface ImportScope {
  /** Local names bound by the imports seen so far (registry bindings or not). */
  imported: string[]
  /** Local names of the `registry` export of a registry module. */
  aliases: string[]
  /** Namespaces of registry modules (`import * as core`). */
  namespaces: string[]
  /** The import declarations, as `start, end` pairs: a binding's name there is no use of it. */
  importRanges: number[]
  registryModules: readonly string[]
}

/** `import … from '…'` at a statement start; false to decline. The next token is read. */
export function importDeclaration(s: TokenStream, scope: ImportScope): boolean {
  const { lx, code } = s
  const { imported, aliases, namespaces, importRanges, registryModules } = scope
  const start = lx.start
  let t = s.advance()
  if (t === Tok.Punct && (lx.punct === 40 || lx.punct === 46)) return true // import(…), import.meta
  if (t === Tok.String) return !lx.escaped && s.advance() !== Tok.Fail
  let typeOnly = false
  if (lx.is('type')) {
    t = s.advance()
    if (lx.is('from') || s.isPunct(44) || s.isPunct(61)) return false
    typeOnly = true
  }
  const locals: string[] = []
  const bound: string[] = []
  let namespace: string | undefined
  if (t === Tok.Ident && !lx.is('from')) {
    bound.push(code.slice(lx.start, lx.end))
    t = s.advance() // a default import never binds the registry export
    if (s.isPunct(44)) t = s.advance()
    else if (!lx.is('from')) return false
  }
  if (s.isPunct(42)) {
    if (s.advance() !== Tok.Ident || !lx.is('as') || s.advance() !== Tok.Ident) return false
    namespace = code.slice(lx.start, lx.end)
    t = s.advance()
  } else if (s.isPunct(123)) {
    for (;;) {
      t = s.advance()
      if (s.isPunct(125)) break
      let typeSpec = false
      if (lx.is('type')) {
        t = s.advance()
        if (lx.is('as')) return false
        if (t === Tok.Ident || t === Tok.String) typeSpec = true
        else {
          // `{ type }`: a binding named type.
          if (!s.isPunct(44) && !s.isPunct(125)) return false
          bound.push('type')
          if (s.isPunct(125)) break
          continue
        }
      }
      if (t !== Tok.Ident && (t !== Tok.String || lx.escaped)) return false
      const name = t === Tok.String ? code.slice(lx.start + 1, lx.end - 1) : code.slice(lx.start, lx.end)
      let local = t === Tok.Ident ? name : undefined
      t = s.advance()
      if (lx.is('as')) {
        if (s.advance() !== Tok.Ident) return false
        local = code.slice(lx.start, lx.end)
        t = s.advance()
      }
      if (local === undefined) return false
      bound.push(local)
      if (name === 'registry' && !typeSpec) locals.push(local)
      if (s.isPunct(125)) break
      if (!s.isPunct(44)) return false
    }
    t = s.advance()
  }
  if (!lx.is('from') || s.advance() !== Tok.String || lx.escaped) return false
  const source = code.slice(lx.start + 1, lx.end - 1)
  importRanges.push(start, lx.end)
  t = s.advance()
  // Import attributes, or anything else on the same line: left to the parser.
  if (!lx.newline && t !== Tok.End && !s.isPunct(59)) return false
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
 * `export { a, b as c }` from its `{`: the local names it exports (a use of each that changes
 * nothing). [] for a re-export (`… from '…'`) or any other shape (`export { type T }`): then
 * nothing is counted, and the recognizer reads on from the token reached as plain code.
 */
export function exportList(s: TokenStream): string[] {
  const { lx, code } = s
  const locals: string[] = []
  for (;;) {
    const t = s.advance()
    if (s.isPunct(125)) break
    if (t !== Tok.Ident || lx.is('type')) return []
    locals.push(code.slice(lx.start, lx.end))
    s.advance()
    if (lx.is('as')) {
      const t = s.advance()
      if (t !== Tok.Ident && (t !== Tok.String || lx.escaped)) return []
      s.advance()
    }
    if (s.isPunct(125)) break
    if (!s.isPunct(44)) return []
  }
  s.advance()
  return lx.is('from') ? [] : locals
}
