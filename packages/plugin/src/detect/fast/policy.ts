// The literal values of the spec fields the build manifest carries, for the detection fast
// path (./detect.ts): `needsApproval: true | false`, `timeoutMs: <decimal integer>` (`10_000` too), and
// `annotations: { key: true | false | 'text' | <decimal integer>, … }` (flat). Anything else
// (a const, a function, an expression) is left to the full reader: undefined, and the file
// is declined.
import { Tok } from './lexer.js'
import type { TokenStream } from './stream.js'
import type { ToolPolicy } from '../../types.js'

/** A decimal integer as written, numeric separators allowed (no sign, exponent or fraction). */
const DECIMAL = /^(?:0|[1-9][0-9]*(?:_[0-9]+)*)$/

/** The current token's value as a scalar, or undefined; the stream is left after it. */
function scalar(s: TokenStream, withText: boolean): boolean | number | string | undefined {
  const lx = s.lx
  const t = lx.type
  let value: boolean | number | string | undefined
  if (t === Tok.Ident && (lx.is('true') || lx.is('false'))) value = lx.is('true')
  else if (t === Tok.Number) {
    const text = s.code.slice(lx.start, lx.end)
    const digits = text.replaceAll('_', '')
    if (DECIMAL.test(text) && Number.isSafeInteger(Number(digits))) value = Number(digits)
  } else if (withText && t === Tok.String) value = s.literalValue(t)
  if (value !== undefined) s.advance()
  return value
}

/** `annotations: { … }` from its `{`: a flat object of scalars; the stream is left after `}`. */
function flatObject(s: TokenStream): Record<string, unknown> | undefined {
  const lx = s.lx
  if (!s.isPunct(123)) return undefined
  const depth = lx.depth
  const object: Record<string, unknown> = {}
  s.advance()
  while (!s.isPunct(125)) {
    const t = lx.type
    let key: string | undefined
    if (t === Tok.Ident) key = s.code.slice(lx.start, lx.end)
    else if (t === Tok.String) key = s.literalValue(t)
    if (key === undefined || key === '__proto__' || Object.hasOwn(object, key) || !s.nextIs(58)) return undefined
    s.advance()
    const value = scalar(s, true)
    if (value === undefined) return undefined
    object[key] = value
    if (s.isPunct(44)) s.advance()
    else if (!s.isPunct(125)) return undefined
  }
  if (lx.depth !== depth - 1) return undefined
  s.advance()
  return object
}

/** The value of `field` from the token after its `:`; undefined to decline. */
export function readPolicyValue<F extends keyof ToolPolicy>(s: TokenStream, field: F): ToolPolicy[F] | undefined {
  if (field === 'annotations') return flatObject(s) as ToolPolicy[F] | undefined
  const value = scalar(s, false)
  if (field === 'needsApproval') return (typeof value === 'boolean' ? value : undefined) as ToolPolicy[F] | undefined
  return (typeof value === 'number' ? value : undefined) as ToolPolicy[F] | undefined
}
