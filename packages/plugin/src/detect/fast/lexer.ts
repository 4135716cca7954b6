// A strict JS/TS tokenizer for the detection fast path (fast-detect.ts).
// It only has to be right when it answers: anything it cannot lex with
// certainty (an ambiguous `/`, JSX, an escape that could spell a name,
// non-ASCII code, a lone CR) makes it fail, and the file goes to
// @babel/parser. No allocation per token: the current token lives in fields.
import { Cursor, Open } from './cursor.js'
import { ARROW, INCDEC, isDigit, isIdentPart, isIdentStart, lineEnd, OPTIONAL, SPREAD, Tok } from './chars.js'

export { SPREAD, Tok } from './chars.js'

// Identifiers after which `/` starts a regex.
const REGEX_AFTER = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
  'extends',
])
/** `(` after these opens a condition or a loop head, not a parameter list or a call (no slice per `(`). */
function isControlWord(code: string, start: number, end: number): boolean {
  switch (end - start) {
    case 2:
      return code.startsWith('if', start)
    case 3:
      return code.startsWith('for', start)
    case 4:
      return code.startsWith('with', start)
    case 5:
      return code.startsWith('while', start) || code.startsWith('catch', start)
    case 6:
      return code.startsWith('switch', start)
    default:
      return false
  }
}

export const enum ParenOwner {
  Control,
  Callable,
  Other,
}

export class Lexer extends Cursor {
  private readonly parenOwners: ParenOwner[] = []
  protected closedParen: ParenOwner = ParenOwner.Other
  /** Depth at which a return type annotation (`f(): T {`) awaits its function body, or -1. */
  private bodyDepth = -1

  /** A callable's `)` then `:` began a return type whose end (a body's `{`, or none) is not yet known. */
  get returnTypePending(): boolean {
    return this.bodyDepth !== -1
  }

  constructor(code: string, jsx: boolean) {
    super(code, jsx)
    // A hashbang line is a comment.
    if (code.charCodeAt(0) === 35 && code.charCodeAt(1) === 33) this.pos = lineEnd(code, 2)
  }

  /** Advance to the next token; Tok.Fail when the text cannot be lexed with certainty. */
  next(): Tok {
    this.prevType = this.type
    this.prevPunct = this.punct
    this.prevStart = this.start
    this.prevEnd = this.end
    this.newline = false
    this.escaped = false
    const code = this.code
    const n = code.length
    let pos = this.pos
    for (;;) {
      if (pos >= n) {
        this.pos = pos
        this.start = this.end = pos
        return (this.type = this.stack.length === 0 ? Tok.End : Tok.Fail)
      }
      const c = code.charCodeAt(pos)
      if (c === 10) {
        this.newline = true
        pos++
        continue
      }
      if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12) {
        pos++
        continue
      }
      if (c === 47) {
        const d = code.charCodeAt(pos + 1)
        if (d === 47) {
          const end = lineEnd(code, pos + 2)
          this.quiet.push(pos, end)
          pos = end
          continue
        }
        if (d === 42) {
          const close = code.indexOf('*/', pos + 2)
          if (close < 0) return this.fail()
          const nl = code.indexOf('\n', pos)
          if (nl >= 0 && nl < close) this.newline = true
          this.quiet.push(pos, close + 2)
          pos = close + 2
          continue
        }
      }
      break
    }
    // A return type ends at its line: `declare function f(): void` then a block is no function body.
    if (this.newline && this.bodyDepth === this.stack.length) this.bodyDepth = -1
    this.start = pos
    const c = code.charCodeAt(pos)
    if (c > 126) return this.fail()
    if (isIdentStart(c)) {
      let p = pos + 1
      while (p < n && isIdentPart(code.charCodeAt(p))) p++
      if (code.charCodeAt(p) > 126 || code.charCodeAt(p) === 92) return this.fail()
      return this.token(Tok.Ident, p)
    }
    if (isDigit(c) || (c === 46 && isDigit(code.charCodeAt(pos + 1)))) return this.number(pos)
    if (c === 39 || c === 34) return this.string(pos, c)
    if (c === 96) return this.template(pos + 1, true)
    if (c === 47) return this.slash(pos)
    return this.punctuator(pos, c)
  }

  protected slash(pos: number): Tok {
    const regex = this.regexAllowed()
    if (regex === undefined) return this.fail()
    if (!regex) return this.punctuator(pos, 47)
    const code = this.code
    let p = pos + 1
    let inClass = false
    for (;;) {
      const c = code.charCodeAt(p)
      if (c === 10 || c === 13 || Number.isNaN(c)) return this.fail()
      if (c === 92) {
        const d = code.charCodeAt(p + 1)
        if (d === 10 || d === 13 || Number.isNaN(d)) return this.fail()
        p += 2
        continue
      }
      if (c === 91) inClass = true
      else if (c === 93) inClass = false
      else if (c === 47 && !inClass) break
      p++
    }
    p++
    while (isIdentPart(code.charCodeAt(p))) p++
    return this.token(Tok.Regex, p)
  }

  /** Whether a `/` (or a JSX `<`) here starts an expression; undefined when unsure. */
  private regexAllowed(): boolean | undefined {
    switch (this.prevType) {
      case Tok.End:
        return true
      case Tok.Ident:
        return REGEX_AFTER.has(this.code.slice(this.prevStart, this.prevEnd))
      case Tok.Punct:
        if (this.prevPunct === 41) return this.closedParen === ParenOwner.Control
        if (this.prevPunct === 93) return false
        // `}` ends a block or an object; `x++ /`, and TS `a as B<C> / 2`: unsure.
        if (this.prevPunct === 125 || this.prevPunct === INCDEC || this.prevPunct === 62) return undefined
        return true
      case Tok.TemplatePart:
        // The head of a template with substitutions ends in `${`: an expression starts.
        return this.code.charCodeAt(this.prevEnd - 1) === 123
      default:
        return false
    }
  }

  protected punctuator(pos: number, c: number): Tok {
    const code = this.code
    const d = code.charCodeAt(pos + 1)
    this.punct = c
    switch (c) {
      case 40: // (
        this.stack.push(Open.Paren)
        this.parenOwners.push(
          this.prevType === Tok.Ident
            ? isControlWord(code, this.prevStart, this.prevEnd)
              ? ParenOwner.Control
              : ParenOwner.Callable
            : this.prevType === Tok.Punct && this.prevPunct === 42
              ? ParenOwner.Callable
              : ParenOwner.Other,
        )
        break
      case 41: // )
        if (this.stack.pop() !== Open.Paren) return this.fail()
        this.closedParen = this.parenOwners.pop()!
        if (this.bodyDepth > this.stack.length) this.bodyDepth = -1
        break
      case 58: // : after a parameter list starts a return type
        if (this.prevType === Tok.Punct && this.prevPunct === 41 && this.closedParen === ParenOwner.Callable)
          this.bodyDepth = this.stack.length
        break
      case 59:
      case 44: // ; ,
        if (this.bodyDepth === this.stack.length) this.bodyDepth = -1
        break
      case 91: // [
        this.stack.push(Open.Bracket)
        break
      case 93: // ]
        if (this.stack.pop() !== Open.Bracket) return this.fail()
        if (this.bodyDepth > this.stack.length) this.bodyDepth = -1
        break
      case 123: {
        // {
        // `f(): { a: T } {`: a brace right after the colon is the return type's.
        const typeBrace = this.prevType === Tok.Punct && this.prevPunct === 58
        const fn =
          (this.prevType === Tok.Punct && this.prevPunct === ARROW) ||
          (this.prevType === Tok.Punct && this.prevPunct === 41 && this.closedParen === ParenOwner.Callable) ||
          (this.bodyDepth === this.stack.length && !typeBrace)
        if (this.bodyDepth === this.stack.length && !typeBrace) this.bodyDepth = -1
        this.stack.push(fn ? Open.FnBrace : Open.Brace)
        if (fn) this.fnDepth++
        break
      }
      case 125: {
        // }
        const open = this.stack.pop()
        if (this.bodyDepth > this.stack.length) this.bodyDepth = -1
        if (open === Open.Subst) return this.template(pos + 1, false)
        if (open === Open.FnBrace) this.fnDepth--
        else if (open !== Open.Brace) return this.fail()
        break
      }
      case 61: // = =>
        if (this.bodyDepth === this.stack.length) this.bodyDepth = -1
        if (d === 62) {
          this.punct = ARROW
          return this.token(Tok.Punct, pos + 2)
        }
        break
      case 46: // ...
        if (d === 46 && code.charCodeAt(pos + 2) === 46) {
          this.punct = SPREAD
          return this.token(Tok.Punct, pos + 3)
        }
        break
      case 63: // ?. (not `? .5`)
        if (d === 46 && !isDigit(code.charCodeAt(pos + 2))) {
          this.punct = OPTIONAL
          return this.token(Tok.Punct, pos + 2)
        }
        break
      case 43:
      case 45: // ++ --
        if (d === c) {
          this.punct = INCDEC
          return this.token(Tok.Punct, pos + 2)
        }
        break
      case 60: // < : JSX where an expression starts
        if (this.jsx && this.regexAllowed() !== false) return this.fail()
        break
      case 92: // an escape outside a literal: an identifier could hide behind it
        return this.fail()
      case 35: // # only as a private name (the hashbang is skipped in the constructor)
        if (!isIdentStart(d)) return this.fail()
        break
      default:
        if (c < 33) return this.fail()
        break
    }
    return this.token(Tok.Punct, pos + 1)
  }
}
