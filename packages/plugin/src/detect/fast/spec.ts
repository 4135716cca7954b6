// A tool spec object literal for the detection fast path (./detect.ts; packages/plugin/README.md,
// "How files are scanned"): its `name`, `toolset` (./values.ts) and the literal policy fields
// (./policy.ts), the other properties skipped. Spreads of a const only before every field it
// reads (a later property wins, as the full detector's findProperty has it); undefined to
// decline.
import { SPREAD, Tok } from './lexer.js'
import { readPolicyValue } from './policy.js'
import type { TokenStream } from './stream.js'
import { readValue, type FieldValue } from './values.js'
import type { ToolPolicy } from '../../types.js'

export interface Spec {
  name: FieldValue
  toolset: FieldValue
  policy: ToolPolicy | undefined
  /** The consts it spreads (`...BASE`, before its fields). */
  spreads: string[]
}

/**
 * An object literal: its spec fields, and when its properties are all `key: value` with
 * distinct plain keys, its string properties (`strings`, when all of them are strings) and
 * the spec objects among them (`specs`, read only in a const's object: `nested`).
 */
export interface ObjectRead {
  name?: FieldValue
  toolset?: FieldValue
  policy: ToolPolicy | undefined
  spreads: string[]
  strings: Map<string, string> | undefined
  specs: Map<string, Spec> | undefined
}

/** The spec fields the build manifest carries (./policy.ts reads their literal values). */
type PolicyField = 'needsApproval' | 'annotations' | 'timeoutMs'

const PROTO = '__proto__'

/**
 * The key between `start` and `end` when it is one the reader looks for (by its length
 * first: no string per key), else undefined.
 */
function knownKey(
  code: string,
  start: number,
  end: number,
): 'name' | 'toolset' | PolicyField | typeof PROTO | undefined {
  switch (end - start) {
    case 4:
      return code.startsWith('name', start) ? 'name' : undefined
    case 7:
      return code.startsWith('toolset', start) ? 'toolset' : undefined
    case 9:
      return code.startsWith(PROTO, start) ? PROTO : code.startsWith('timeoutMs', start) ? 'timeoutMs' : undefined
    case 11:
      return code.startsWith('annotations', start) ? 'annotations' : undefined
    case 13:
      return code.startsWith('needsApproval', start) ? 'needsApproval' : undefined
    default:
      return undefined
  }
}

/** A register call's spec: the object read, with its name and toolset. */
export function readSpec(s: TokenStream, ts: boolean, jsx: boolean): Spec | undefined {
  const o = readObject(s, ts, jsx)
  if (o?.name === undefined || o.toolset === undefined) return undefined
  // `{ … } satisfies ToolSpec` or `as X` (a dotted type name, TypeScript files only).
  if (ts && (s.lx.is('satisfies') || s.lx.is('as'))) {
    if (s.advance() !== Tok.Ident) return undefined
    while (s.nextIs(46)) if (s.advance() !== Tok.Ident) return undefined
  }
  return { name: o.name, toolset: o.toolset, policy: o.policy, spreads: o.spreads }
}

/** From an object's `{` to the token after its `}`. */
export function readObject(s: TokenStream, ts: boolean, jsx: boolean, nested = false): ObjectRead | undefined {
  const { lx, code } = s
  if (!s.isPunct(123)) return undefined
  const depth = lx.depth
  let name: FieldValue | undefined
  let toolset: FieldValue | undefined
  let policy: ToolPolicy | undefined
  const spreads: string[] = []
  // What a const's object holds is collected only there (`nested`): a call's spec needs none.
  let strings: Map<string, string> | undefined = nested ? new Map() : undefined
  let specs: Map<string, Spec> | undefined = nested ? new Map() : undefined
  const keys = new Set<string>()
  for (;;) {
    let t = s.advance()
    if (t === Tok.Punct && lx.punct === 125) break
    if (t === Tok.Punct && lx.punct === SPREAD) {
      if (name !== undefined || toolset !== undefined || policy !== undefined) return undefined
      // `...BASE`, BASE a top-level const object (./resolve.ts checks it).
      strings = undefined
      if (s.advance() !== Tok.Ident) return undefined
      spreads.push(code.slice(lx.start, lx.end))
      specs = undefined
      s.advance()
      if (s.isPunct(125) && lx.depth === depth - 1) break
      if (!s.isPunct(44) || lx.depth !== depth) return undefined
      continue
    }
    if (t === Tok.Punct && lx.punct === 91) return undefined
    // Key: `get`/`set`/`async`/`*` before a method name make it not a plain property.
    let method = false
    const plainKey = t === Tok.Ident || (t === Tok.String && !lx.escaped)
    if (!plainKey) strings = specs = undefined
    if (s.isPunct(42)) {
      method = true
      strings = specs = undefined
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
      strings = specs = undefined
      if (plain) {
        if (!s.skipValue(depth)) return undefined
        if (s.isPunct(125) && lx.depth === depth - 1) break
        continue
      }
      method = true
      if (s.isPunct(42)) t = s.advance()
    }
    if (t !== Tok.Ident && t !== Tok.Number && (t !== Tok.String || lx.escaped)) return undefined
    const quoted = t === Tok.String ? 1 : 0
    const known = knownKey(code, lx.start + quoted, lx.end - quoted)
    if (known === PROTO) return undefined
    const field = known === 'name' || known === 'toolset' ? known : undefined
    const policyField: PolicyField | undefined = known === 'name' || known === 'toolset' ? undefined : known
    const key = strings || specs ? code.slice(lx.start + quoted, lx.end - quoted) : ''
    if (keys.has(key)) strings = specs = undefined
    if (strings || specs) keys.add(key)
    if (policyField !== undefined) {
      strings = specs = undefined
      // A literal value (see ./policy.ts) or the file is declined: the full reader decides.
      if (method || policy?.[policyField] !== undefined || !s.nextIs(58)) return undefined
      s.advance()
      const value = readPolicyValue(s, policyField)
      if (value === undefined) return undefined
      policy = { ...policy, [policyField]: value }
      if (s.isPunct(125) && lx.depth === depth - 1) break
      if (!s.isPunct(44) || lx.depth !== depth) return undefined
      continue
    }
    if (field !== undefined) {
      if (method || (field === 'name' ? name : toolset) !== undefined) return undefined
      let value: FieldValue | undefined
      s.advance()
      if (quoted === 0 && (s.isPunct(44) || s.isPunct(125))) {
        // The shorthand `{ name }`: the const of that name.
        value = { ref: field }
      } else {
        if (!s.isPunct(58)) return undefined
        s.advance()
        value = readValue(s, ts, jsx)
        if (value === undefined) return undefined
      }
      if (field === 'name') name = value
      else toolset = value
      if ('text' in value) strings?.set(key, value.text)
      else strings = undefined
      if (s.isPunct(125) && lx.depth === depth - 1) break
      if (!s.isPunct(44) || lx.depth !== depth) return undefined
      continue
    }
    s.advance()
    const colon = s.isPunct(58) && !method
    if (!colon) strings = specs = undefined
    if (colon && specs !== undefined && nested && s.advance() === Tok.Punct && lx.punct === 123) {
      // `key: { name, toolset, … }`: a spec the const holds (`SPECS.key`).
      const inner = readObject(s, ts, jsx)
      if (inner === undefined) return undefined
      strings = undefined
      const ends = (s.isPunct(44) || s.isPunct(125)) && lx.depth <= depth
      if (ends && inner.name !== undefined && inner.toolset !== undefined)
        specs.set(key, { name: inner.name, toolset: inner.toolset, policy: inner.policy, spreads: inner.spreads })
      else specs = undefined
    } else if (colon && strings !== undefined) {
      // `key: 'text'` keeps the object a flat object of strings.
      const text = s.literalValue(nested && specs !== undefined ? lx.type : s.advance())
      if (text !== undefined) s.advance()
      if (text !== undefined && (s.isPunct(44) || s.isPunct(125)) && lx.depth <= depth) strings.set(key, text)
      else strings = undefined
    }
    if (!s.skipValue(depth)) return undefined
    if (s.isPunct(125) && lx.depth === depth - 1) break
  }
  s.advance()
  if (lx.type === Tok.Fail) return undefined
  return { ...(name ? { name } : {}), ...(toolset ? { toolset } : {}), policy, spreads, strings, specs }
}
