// Skipping a value in one step for the detection fast path (./fast-detect.ts): the lexer
// visits only what can change the structure, and the regex engine skips the plain text
// between (names, numbers, operators, blanks).
import { Lexer, ParenOwner } from './lexer.js'
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
  STRUCTURE_JSX_OR_JUMP,
  STRUCTURE_OR_JUMP,
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
      const t = this.visit(from, pos)
      if (t === undefined) {
        from = this.resume
        continue
      }
      if (t === Tok.Fail) return t
      const c = code.charCodeAt(pos)
      if (
        (c === 44 && this.stack.length === depth) ||
        (c === 125 && t === Tok.Punct && this.stack.length === depth - 1)
      )
        return t
      from = this.end
    }
  }

  /**
   * From a token inside brackets to the bracket that closes the outermost of them (the new
   * current token), visiting only what can change the structure, as `skipTo` does. Outside
   * function bodies, where the recognizer declines on `throw`, `return`, `break` and
   * `continue` (code after them may not run), meeting one of them fails; and a callable's `)`
   * followed by `:` hands back to the token-by-token lexer (the current token is that `)`),
   * which knows where the return type ends and so whether a function body follows.
   */
  skipNested(): Tok {
    const code = this.code
    const inFunction = this.jsx ? STRUCTURE_JSX_DEEP : STRUCTURE_DEEP
    const outside = this.jsx ? STRUCTURE_JSX_OR_JUMP : STRUCTURE_OR_JUMP
    for (let from = this.end; ; ) {
      const re = this.fnDepth > 0 ? inFunction : outside
      re.lastIndex = from
      const match = re.exec(code)
      if (match === null || match[0].length > 1) return this.fail()
      const t = this.visit(from, match.index)
      if (t === undefined) {
        from = this.resume
        continue
      }
      if (t === Tok.Fail || this.stack.length === 0) return t
      if (code.charCodeAt(match.index) === 41 && this.fnDepth === 0 && this.closedParen === ParenOwner.Callable) {
        let p = this.end
        while (isBlank(code.charCodeAt(p))) p++
        if (code.charCodeAt(p) === 58) return t
      }
      from = this.end
    }
  }

  /** Where a skip goes on after a comment (see `visit`). */
  private resume = 0

  /**
   * A stop of the skips at `pos`, after plain text from `from`: a comment is noted as quiet
   * (undefined; the skip goes on at `resume`, the token before it staying the previous one);
   * anything else is lexed as the current token.
   */
  private visit(from: number, pos: number): Tok | undefined {
    const code = this.code
    const c = code.charCodeAt(pos)
    if (c > 126 || c === 92) return this.fail()
    this.settle(from, pos)
    const d = code.charCodeAt(pos + 1)
    if (c === 47 && (d === 47 || d === 42)) {
      const close = d === 47 ? lineEnd(code, pos) : code.indexOf('*/', pos + 2) + 2
      if (close < 2) return this.fail()
      this.quiet.push(pos, close)
      this.resume = close
      return undefined
    }
    this.prevType = this.type
    this.prevPunct = this.punct
    this.prevStart = this.start
    this.prevEnd = this.end
    this.start = pos
    this.escaped = false
    return c === 39 || c === 34
      ? this.string(pos, c)
      : c === 96
        ? this.template(pos + 1, true)
        : c === 47
          ? this.slash(pos)
          : this.punctuator(pos, c)
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
