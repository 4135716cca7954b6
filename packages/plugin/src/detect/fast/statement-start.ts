// Where a statement may start, for the detection fast path (./fast-detect.ts): after `;`,
// `}`, or a line break that ends the previous statement (ASI).
import { Tok, type Lexer } from './lexer.js'

// After one of these a line break does not end the statement (ASI would not apply
// or the word belongs to a construct that continues).
const CONTINUES = new Set([
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'let',
  'new',
  'of',
  'return',
  'static',
  'switch',
  'throw',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'as',
  'satisfies',
  'keyof',
  'infer',
  'is',
  'asserts',
  'declare',
  'abstract',
  'readonly',
  'type',
  'namespace',
  'module',
  'async',
  'get',
  'set',
  'accessor',
  'override',
  'public',
  'private',
  'protected',
  'interface',
  'implements',
  'package',
  'unique',
  'out',
  'global',
  'from',
])
// Words that continue an expression from the next line.
export const OPERATOR_WORDS = ['in', 'instanceof', 'as', 'satisfies', 'of']

// What the previous token allows: no statement start, one after a line break (ASI), one anyway.
export const NONE = 0
export const AFTER_NEWLINE = 1
export const ALWAYS = 2

/** Whether a statement may start after the current token (see NONE, AFTER_NEWLINE, ALWAYS). */
export function after(lx: Lexer): number {
  if (lx.depth !== 0) return NONE
  switch (lx.type) {
    case Tok.Punct:
      return lx.punct === 59 || lx.punct === 125 ? ALWAYS : lx.punct === 93 ? AFTER_NEWLINE : NONE
    case Tok.Ident:
      return CONTINUES.has(lx.code.slice(lx.start, lx.end)) ? NONE : AFTER_NEWLINE
    case Tok.String:
    case Tok.Template:
    case Tok.TemplatePart:
    case Tok.Number:
    case Tok.Regex:
      return AFTER_NEWLINE
    default:
      return NONE
  }
}
