// The static values the detection fast path reads (packages/plugin/README.md, "How files
// are scanned"): a string literal, a top-level const (`NAME`) or a property of a const
// object of strings (`NAMES.key`, `NAMES['key']`), in TypeScript files wrapped in what the
// full detector strips (`(x)`, `x as const`, `x satisfies T`, `x!`, `<const>x`). Anything
// else is undefined: the caller declines.
import { Tok } from './lexer.js'
import type { TokenStream } from './stream.js'

/** A value: a string, a top-level const by name, or a property of a const object. */
export type FieldValue = { text: string } | { ref: string; key?: string }

/**
 * The value from the current token; the stream is left on the token after it (where the
 * caller expects `,`, `}`, `)` or the statement's end).
 */
export function readValue(s: TokenStream, ts: boolean, jsx: boolean): FieldValue | undefined {
  const { lx, code } = s
  let open = 0
  let t = lx.type
  for (;;) {
    if (s.isPunct(40)) open++
    else if (ts && !jsx && s.isPunct(60)) {
      // `<const>x` (a type assertion; JSX in a .tsx file)
      if (s.advance() !== Tok.Ident || !lx.is('const') || !s.nextIs(62)) return undefined
    } else break
    t = s.advance()
  }
  let value: FieldValue
  if (t === Tok.Ident) {
    const ref = code.slice(lx.start, lx.end)
    t = s.advance()
    if (s.isPunct(46)) {
      if (s.advance() !== Tok.Ident) return undefined
      value = { ref, key: code.slice(lx.start, lx.end) }
      s.advance()
    } else if (s.isPunct(91)) {
      const key = s.literalValue(s.advance())
      if (key === undefined || !s.nextIs(93)) return undefined
      value = { ref, key }
      s.advance()
    } else value = { ref }
  } else {
    const text = s.literalValue(t)
    if (text === undefined) return undefined
    value = { text }
    s.advance()
  }
  for (;;) {
    if (ts && s.isPunct(33)) s.advance()
    else if (ts && (lx.is('as') || lx.is('satisfies'))) {
      if (!s.skipType()) return undefined
    } else if (open > 0 && s.isPunct(41)) {
      open--
      s.advance()
    } else break
  }
  return open === 0 && lx.type !== Tok.Fail ? value : undefined
}
