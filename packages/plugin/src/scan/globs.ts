// Glob patterns → matchers. picomatch compiles them; the default include and exclude
// patterns come precompiled (picomatch's own regexes, checked against it by
// test/globs.test.ts), so a build with the defaults never loads picomatch: its five
// CommonJS modules cost a few milliseconds of every build (docs/architecture.md,
// "Fixed costs").
import { createRequire } from 'node:module'

type MakeRe = (pattern: string, options: { dot: boolean }) => RegExp

/** picomatch.makeRe of the default patterns, by `dot` option and pattern. */
export const PRECOMPILED: Readonly<Record<'dot' | 'noDot', Readonly<Record<string, RegExp>>>> = {
  noDot: {
    '*.{ts,tsx,mts,js,jsx,mjs}': /^(?:(?!\.)(?=.)[^/]*?\.(ts|tsx|mts|js|jsx|mjs))$/,
  },
  dot: {
    '*.d.ts': /^(?:(?!(?:^|\/)\.{1,2}(?:\/|$))(?=.)[^/]*?\.d\.ts\/?)$/,
    '*.{test,spec}.*': /^(?:(?!\.{1,2}(?:\/|$))(?=.)[^/]*?\.(test|spec)\.[^/]*?\/?)$/,
    'index.*': /^(?:^(?:index\.[^/]*?)$)$/,
    'registry.*': /^(?:^(?:registry\.[^/]*?)$)$/,
  },
}

let makeRe: MakeRe | undefined
/** picomatch's makeRe, loaded on first use (a pattern that is not a default). */
function picomatchMakeRe(): MakeRe {
  makeRe ??= (createRequire(import.meta.url)('picomatch') as { makeRe: MakeRe }).makeRe
  return makeRe
}

/** The regex picomatch makes of `pattern`. */
export function globRegex(pattern: string, options: { dot: boolean }): RegExp {
  const table = PRECOMPILED[options.dot ? 'dot' : 'noDot']
  // Own keys only: a pattern such as `constructor` is no default.
  return Object.hasOwn(table, pattern) ? table[pattern]! : picomatchMakeRe()(pattern, options)
}

/**
 * picomatch's matcher, minus its per-call bookkeeping: a path matches a pattern it equals
 * or the pattern's regex. The walk builds POSIX paths, so no slash conversion is needed.
 */
export function compileGlobs(patterns: readonly string[], options: { dot: boolean }): (rel: string) => boolean {
  const regexes = patterns.map(p => globRegex(p, options))
  return rel => patterns.includes(rel) || regexes.some(re => re.test(rel))
}
