// The fast path lexer's tokens (./lexer.ts), character classes and small text helpers.

export const Tok = {
  End: 0,
  Fail: 1,
  Ident: 2,
  /** '…' or "…" */
  String: 3,
  /** A template without substitutions: `…` */
  Template: 4,
  /** The parts of a template with substitutions: opaque to the fast path. */
  TemplatePart: 5,
  Number: 6,
  Regex: 7,
  Punct: 8,
} as const
export type Tok = (typeof Tok)[keyof typeof Tok]

// Multi-character punctuators the recognizer cares about; others are one char each.
export const ARROW = 0x10000
export const SPREAD = 0x10001
export const OPTIONAL = 0x10002
export const INCDEC = 0x10003

// What can change the structure: brackets, literals, comments, commas; and what the
// fast path must refuse: escapes and non-ASCII outside literals. Commas matter only at
// the depth being skipped to: deeper, the `_DEEP` forms pass over them.
export const STRUCTURE = /[(){}[\],'"`/\\\u007f-\uffff]/g
export const STRUCTURE_JSX = /[(){}[\],'"`/\\<\u007f-\uffff]/g
export const STRUCTURE_DEEP = /[(){}[\]'"`/\\\u007f-\uffff]/g
export const STRUCTURE_JSX_DEEP = /[(){}[\]'"`/\\<\u007f-\uffff]/g
// The `_DEEP` forms and the words that leave a block (a match longer than one character),
// for code outside function bodies.
export const STRUCTURE_OR_JUMP = /[(){}[\]'"`/\\\u007f-\uffff]|(?<![\w$])(?:throw|return|break|continue)(?![\w$])/g
export const STRUCTURE_JSX_OR_JUMP = /[(){}[\]'"`/\\<\u007f-\uffff]|(?<![\w$])(?:throw|return|break|continue)(?![\w$])/g

export const isBlank = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12
export const isIdentStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36
export const isIdentPart = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57)
export const isDigit = (c: number): boolean => c >= 48 && c <= 57

/**
 * An escape in a string or template that could spell an identifier character
 * (`\u0067`, `\x67`, `\s` is `s`, a line continuation): the fast path cannot
 * know the literal's value, so it declines. `\n`, `\t`, `\\`, `\'`… are safe.
 */
export function isSafeEscape(c: number): boolean {
  // b f n r t v
  if (c === 98 || c === 102 || c === 110 || c === 114 || c === 116 || c === 118) return true
  return c > 32 && c < 127 && !isIdentPart(c)
}

/** The offset of the line break ending the line at `from`, or the end of `code`. */
export function lineEnd(code: string, from: number): number {
  const i = code.indexOf('\n', from)
  return i < 0 ? code.length : i
}
