// Whole-text checks of the detection fast path (./fast-detect.ts), by `indexOf`: they run
// on every file the fast path answers, where a regex cost more (bench/PROFILE.md).

/** [A-Za-z0-9_$]: a character that continues a word next to a name (the `\w` of a regex, and `$`). */
const isWordChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36

/**
 * Whether `name` occurs as a word in code (outside the `quiet` ranges: comments, literals)
 * other than in an import declaration (the `imports` ranges) or right before `.register` /
 * `?.register` / `.registry` / `?.registry`. By `indexOf`, not a regex with a lookbehind:
 * this runs on every file the fast path answers (bench/PROFILE.md).
 */
export function usedElsewhere(
  code: string,
  name: string,
  quiet: readonly number[],
  imports: readonly number[],
): boolean {
  const inQuiet = quietTest(quiet)
  const inImport = quietTest(imports)
  for (let i = code.indexOf(name); i >= 0; i = code.indexOf(name, i + name.length)) {
    const end = i + name.length
    if ((i > 0 && isWordChar(code.charCodeAt(i - 1))) || isWordChar(code.charCodeAt(end))) {
      i = i + 1 - name.length // not a word here: look again from the next character
      continue
    }
    if (inQuiet(i)) continue
    const dot = code.charCodeAt(end) === 63 ? end + 1 : end
    if (code.startsWith('.regist', dot) && (code.startsWith('er', dot + 7) || code.startsWith('ry', dot + 7))) {
      const c = code.charCodeAt(dot + 9)
      // A word boundary after it (`$` is no word character for a regex's \b).
      if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95)) continue
    }
    if (inImport(i)) continue
    return true
  }
  return false
}

/** How often `name` occurs as a whole word in code (outside the `quiet` ranges). */
export function wordCount(code: string, name: string, quiet: readonly number[]): number {
  const inQuiet = quietTest(quiet)
  let n = 0
  for (let i = code.indexOf(name); i >= 0; i = code.indexOf(name, i + 1)) {
    if ((i > 0 && isWordChar(code.charCodeAt(i - 1))) || isWordChar(code.charCodeAt(i + name.length))) continue
    if (!inQuiet(i)) n++
  }
  return n
}

/**
 * Whether an offset lies in one of the `start, end` pairs, for offsets asked in increasing
 * order (one pass over the pairs).
 */
function quietTest(quiet: readonly number[]): (offset: number) => boolean {
  let k = 0
  return offset => {
    while (k < quiet.length && quiet[k + 1]! <= offset) k += 2
    return k < quiet.length && quiet[k]! <= offset
  }
}

/** A line break other than LF and CRLF, or an HTML-like comment: left to the parser. */
export function hasOddLineBreakOrHtmlComment(code: string): boolean {
  for (let i = code.indexOf('\r'); i >= 0; i = code.indexOf('\r', i + 1)) if (code.charCodeAt(i + 1) !== 10) return true
  return code.includes('\u2028') || code.includes('\u2029') || code.includes('<!--') || code.includes('-->')
}

/**
 * How often `register` occurs as a word in code — outside comments and string, template and
 * regex literals, which call nothing — or as a literal that is exactly `'register'` (a
 * computed key could call it). `registerTool` or `unregister` is another name: a call through
 * it is no call of the registry's `register` for the full detector either.
 */
export function codeRegisterCount(code: string, quiet: readonly number[]): number {
  let n = 0
  let k = 0
  for (let i = code.indexOf('register'); i >= 0; i = code.indexOf('register', i + 8)) {
    while (k < quiet.length && quiet[k + 1]! <= i) k += 2
    const a = quiet[k]!
    const inQuiet = k < quiet.length && a <= i
    if (inQuiet) {
      const c = code.charCodeAt(a)
      if ((c === 39 || c === 34 || c === 96) && quiet[k + 1]! - a === 10) n++
    } else if (!(i > 0 && isWordChar(code.charCodeAt(i - 1))) && !isWordChar(code.charCodeAt(i + 8))) n++
  }
  return n
}
