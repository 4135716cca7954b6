// The token stream the fast path's recognizer (./detect.ts) walks: the lexer, where the next
// statement may start (after `;`, `}`, or a line break that ends one), and the small readers
// every statement shape shares.
import { Tok } from './lexer.js'
import type { SkippingLexer } from './skip.js'
import { after, AFTER_NEWLINE, ALWAYS, NONE, OPERATOR_WORDS } from './statement-start.js'

export class TokenStream {
  /** Whether a statement may start at the current token (see ./statement-start.ts). */
  boundary = ALWAYS
  readonly lx: SkippingLexer
  readonly code: string

  constructor(lx: SkippingLexer, code: string) {
    this.lx = lx
    this.code = code
  }

  advance(): Tok {
    // Inside brackets no statement starts (the common case, decided without a call).
    this.boundary = this.lx.depth === 0 ? after(this.lx) : NONE
    return this.lx.next()
  }
  isPunct(c: number): boolean {
    return this.lx.type === Tok.Punct && this.lx.punct === c
  }
  nextIs(c: number): boolean {
    this.advance()
    return this.isPunct(c)
  }
  isAny(words: readonly string[]): boolean {
    for (const w of words) if (this.lx.is(w)) return true
    return false
  }

  /**
   * Whether the current token ends the statement before it: a `;` (then skipped), the end,
   * or a token after a line break that cannot continue it (ASI), which starts the next one.
   */
  statementEnds(): boolean {
    const t = this.lx.type
    if (t === Tok.Punct && this.lx.punct === 59) this.advance()
    else if (
      t !== Tok.End &&
      !(this.lx.newline && (t === Tok.String || (t === Tok.Ident && !this.isAny(OPERATOR_WORDS))))
    )
      return false
    // The next statement starts at the token already read.
    else this.boundary = AFTER_NEWLINE
    return true
  }

  /** The value of a string token (or a template without substitutions), or undefined. */
  literalValue(t: Tok): string | undefined {
    if ((t !== Tok.String && t !== Tok.Template) || this.lx.escaped) return undefined
    const value = this.code.slice(this.lx.start + 1, this.lx.end - 1)
    // A template's cooked value normalizes line breaks: left to the parser.
    return t === Tok.Template && (value.includes('\n') || value.includes('\r')) ? undefined : value
  }

  /**
   * The type after `as` / `satisfies` at the top level of a TypeScript file (`as const`,
   * `satisfies Record<string, unknown>`, `as A.B | C`): names, dotted names, type arguments,
   * unions, intersections and literals; false to decline on anything else. The type ends
   * where a name could: a line break after it may start a statement.
   */
  skipType(): boolean {
    let angle = 0
    let atom = true
    this.advance()
    for (;;) {
      const t = this.lx.type
      if (atom) {
        if (t !== Tok.Ident && t !== Tok.String && t !== Tok.Number) return false
        atom = false
      } else if (this.isPunct(46) || this.isPunct(124) || this.isPunct(38) || (angle > 0 && this.isPunct(44)))
        atom = true
      else if (this.isPunct(60)) {
        angle++
        atom = true
      } else if (angle > 0 && this.isPunct(62)) angle--
      else if (angle === 0) {
        this.boundary = AFTER_NEWLINE
        return t !== Tok.Fail
      } else return false
      this.advance()
    }
  }

  /** From the current token to the `,` at `depth` or the `}` closing it. */
  skipValue(depth: number): boolean {
    const t = this.lx.type
    if (t === Tok.Fail || t === Tok.End) return false
    if (
      t === Tok.Punct &&
      ((this.lx.punct === 44 && this.lx.depth === depth) || (this.lx.punct === 125 && this.lx.depth === depth - 1))
    )
      return true
    return this.lx.skipTo(depth) !== Tok.Fail
  }
}
