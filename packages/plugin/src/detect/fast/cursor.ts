// The token cursor under the fast path's lexer (./lexer.ts): the current and previous
// token in fields (no allocation per token), the open brackets, and the readers of the
// literals that need no context to lex (numbers, strings, templates).
import { isIdentPart, isSafeEscape, Tok } from './chars.js'

/** What an open bracket is. */
export const Open = { Paren: 0, Bracket: 1, Brace: 2, FnBrace: 3, Subst: 4 } as const
export type Open = (typeof Open)[keyof typeof Open]

export class Cursor {
  readonly code: string
  protected readonly jsx: boolean
  pos = 0
  type: Tok = Tok.End as Tok
  start = 0
  end = 0
  /** The punctuator's char code (or ARROW, SPREAD, OPTIONAL, INCDEC). */
  punct = 0
  /** A line terminator lies between the previous token and this one. */
  newline = false
  /** String/template token whose text contains an escape. */
  escaped = false
  /** Open brackets, innermost last. */
  protected readonly stack: Open[] = []
  /** Function bodies among the open brackets. */
  fnDepth = 0
  /**
   * Where no code is, as `start, end` pairs in order: comments, string and regex literals and
   * template text. A name found there by a text search is no use of a binding.
   */
  readonly quiet: number[] = []
  // The previous token, for regex and function-body decisions.
  protected prevType: Tok = Tok.End as Tok
  protected prevPunct = 0
  protected prevStart = 0
  protected prevEnd = 0

  constructor(code: string, jsx: boolean) {
    this.code = code
    this.jsx = jsx
  }

  get depth(): number {
    return this.stack.length
  }

  /** True when the current Ident token is exactly `word`. */
  is(word: string): boolean {
    return this.type === Tok.Ident && this.end - this.start === word.length && this.code.startsWith(word, this.start)
  }

  fail(): Tok {
    this.pos = this.code.length
    return (this.type = Tok.Fail)
  }

  protected token(type: Tok, end: number): Tok {
    if (type === Tok.String || type === Tok.Template || type === Tok.TemplatePart || type === Tok.Regex)
      this.quiet.push(this.start, end)
    this.end = this.pos = end
    return (this.type = type)
  }

  protected number(pos: number): Tok {
    const code = this.code
    let p = pos
    for (;;) {
      const c = code.charCodeAt(p)
      if (isIdentPart(c) || c === 46) {
        p++
        continue
      }
      // 1e+5: a sign right after an exponent mark of a decimal literal.
      const e = code.charCodeAt(p - 1)
      if ((c === 43 || c === 45) && (e === 101 || e === 69) && !/^0[xX]/.test(code.slice(pos, p))) {
        p++
        continue
      }
      break
    }
    return this.token(Tok.Number, p)
  }

  protected string(pos: number, quote: number): Tok {
    const code = this.code
    // Most strings hold no escape and no line break: find the end natively.
    const close = code.indexOf(quote === 39 ? "'" : '"', pos + 1)
    if (close < 0) return this.fail()
    const backslash = code.indexOf('\\', pos + 1)
    if (backslash < 0 || backslash > close) {
      const nl = code.indexOf('\n', pos + 1)
      return nl >= 0 && nl < close ? this.fail() : this.token(Tok.String, close + 1)
    }
    let p = pos + 1
    for (;;) {
      const c = code.charCodeAt(p)
      if (c === quote) return this.token(Tok.String, p + 1)
      if (c === 10 || c === 13 || Number.isNaN(c)) return this.fail()
      if (c === 92) {
        if (!isSafeEscape(code.charCodeAt(p + 1))) return this.fail()
        this.escaped = true
        p += 2
        continue
      }
      p++
    }
  }

  /** Template text from `pos` (after a backtick or a substitution's `}`). */
  protected template(pos: number, head: boolean): Tok {
    const code = this.code
    let p = pos
    for (;;) {
      const c = code.charCodeAt(p)
      if (Number.isNaN(c)) return this.fail()
      if (c === 96) return this.token(head ? Tok.Template : Tok.TemplatePart, p + 1)
      if (c === 92) {
        if (!isSafeEscape(code.charCodeAt(p + 1))) return this.fail()
        this.escaped = true
        p += 2
        continue
      }
      if (c === 36 && code.charCodeAt(p + 1) === 123) {
        this.stack.push(Open.Subst)
        return this.token(Tok.TemplatePart, p + 2)
      }
      p++
    }
  }
}
