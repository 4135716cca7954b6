// Skipping a value in one step for the detection fast path (./fast-detect.ts): the lexer
// visits only what can change the structure, and the regex engine skips the plain text
// between (names, numbers, operators, blanks).
import { Lexer } from './lexer.js'
import {
  ARROW,
  INCDEC,
  isBlank,
  isDigit,
  isIdentPart,
  lineEnd,
  STRUCTURE,
  STRUCTURE_DEEP,
  STRUCTURE_JSX,
  STRUCTURE_JSX_DEEP,
  Tok,
} from './chars.js'

export class SkippingLexer extends Lexer {
  /**
   * From the current token to the `,` at `depth` or the `}` that closes it (the new
   * current token), visiting only what can change the structure: brackets, literals,
   * comments, slashes (and `<` in JSX files). The plain text between them —
   * names, numbers, operators, blanks — is skipped by the regex engine.
   */
  skipTo(depth: number): Tok {
    const code = this.code
    const atDepth = this.jsx ? STRUCTURE_JSX : STRUCTURE
    const deeper = this.jsx ? STRUCTURE_JSX_DEEP : STRUCTURE_DEEP
    for (let from = this.end; ; ) {
      // A comma deeper than `depth` changes nothing the fast path looks at: not a stop there.
      const re = this.stack.length === depth ? atDepth : deeper
      re.lastIndex = from
      if (!re.test(code)) return this.fail()
      const pos = re.lastIndex - 1
      const c = code.charCodeAt(pos)
      if (c > 126 || c === 92) return this.fail()
      this.settle(from, pos)
      if (c === 47 && (code.charCodeAt(pos + 1) === 47 || code.charCodeAt(pos + 1) === 42)) {
        // A comment: the token before it stays the previous one.
        const close = code.charCodeAt(pos + 1) === 47 ? lineEnd(code, pos) : code.indexOf('*/', pos + 2) + 2
        if (close < 2) return this.fail()
        this.quiet.push(pos, close)
        from = close
        continue
      }
      this.prevType = this.type
      this.prevPunct = this.punct
      this.prevStart = this.start
      this.prevEnd = this.end
      this.start = pos
      this.escaped = false
      const t =
        c === 39 || c === 34
          ? this.string(pos, c)
          : c === 96
            ? this.template(pos + 1, true)
            : c === 47
              ? this.slash(pos)
              : this.punctuator(pos, c)
      if (t === Tok.Fail) return t
      if (
        (c === 44 && this.stack.length === depth) ||
        (c === 125 && t === Tok.Punct && this.stack.length === depth - 1)
      )
        return t
      from = this.end
    }
  }

  /** Make the last token before `pos` current when it lies in the plain text after `from`. */
  private settle(from: number, pos: number): void {
    const code = this.code
    let q = pos - 1
    while (q >= from && isBlank(code.charCodeAt(q))) q--
    if (q < from) return
    const c = code.charCodeAt(q)
    this.end = q + 1
    if (isIdentPart(c)) {
      let p = q
      while (p > from && isIdentPart(code.charCodeAt(p - 1))) p--
      this.start = p
      this.type = isDigit(code.charCodeAt(p)) ? Tok.Number : Tok.Ident
      return
    }
    this.start = q
    this.type = Tok.Punct
    const b = q > from ? code.charCodeAt(q - 1) : 0
    this.punct = (c === 43 || c === 45) && b === c ? INCDEC : c === 62 && b === 61 ? ARROW : c
  }
}
