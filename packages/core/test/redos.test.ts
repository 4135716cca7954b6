// Every regular expression in packages/*/src, toolreg's redaction and URL rules, and the format
// regexes of the validator toolreg ships (@cfworker/json-schema) pass recheck, a ReDoS checker
// (https://makenowjust-labs.github.io/recheck/), or are listed below with the reason they are safe.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { check } from 'recheck'
import { describe, expect, it } from 'vitest'
import { URL_PATTERN } from '../src/validate/guard.js'
import { redactionPatterns } from '../src/dispatch/redact.js'
import { type FoundRegex, regexesOf, sourceFiles } from './regexes.js'

// recheck's default backend: its native binary (an optional dependency with no install script)
// when present, else a worker running its pure-JS build. RECHECK_BACKEND=pure forces that build
// (no binary, no Java): the same verdicts, in ~85 s instead of ~20 s.

const root = fileURLToPath(new URL('../../..', import.meta.url))
const cfworkerFormats = join(
  dirname(createRequire(import.meta.url).resolve('@cfworker/json-schema/package.json')),
  'dist/esm/format.js',
)

/** Flagged, and why it is safe or unreachable: keyed by file and source. */
const ALLOWED: Record<string, string> = {
  // Never reached: guard.ts rewrites format 'url' to URL_PATTERN in the library's copy of every schema.
  'format.js /^(?:(?:https?|ftp):\\/\\/)':
    'exponential; unreachable from toolreg: @toolreg/core/validate replaces format "url" (test "#1 …")',
}
/** `RegExp` calls with a computed pattern, and why that pattern is not the model's to choose. */
const DYNAMIC: Record<string, string> = {
  'packages/core/src/validate/fastcheck.ts': "a tool schema's own `pattern` (the tool author's, as in the library)",
  'packages/core/src/dispatch/redact.ts': 'the redaction rules: each is checked below through redactionPatterns()',
  'packages/plugin/src/options/config.ts': "a /regexp/ name rule from the developer's plugin options",
  'packages/plugin/src/options/names.ts': "a copy of the developer's RegExp name rule without /g or /y",
  'format.js': 'format "regex" compiles the string (linear) and never runs it',
}

const found: FoundRegex[] = []
const dynamic: string[] = []
for (const file of [
  ...['core', 'mcp', 'plugin'].flatMap(p => sourceFiles(join(root, 'packages', p, 'src'))),
  cfworkerFormats,
]) {
  const r = regexesOf(file, root)
  found.push(...r.found)
  dynamic.push(...r.dynamic)
}
for (const re of [...redactionPatterns(), new RegExp(URL_PATTERN, 'u')])
  found.push({ file: 'toolreg', line: 0, source: re.source, flags: re.flags })

const keyOf = (r: FoundRegex) => {
  const file = r.file.includes('@cfworker') ? 'format.js' : r.file
  return `${file} /${r.source}/${r.flags}`
}
const allowance = (r: FoundRegex) =>
  Object.entries(ALLOWED).find(([k]) => keyOf(r) === k || keyOf(r).startsWith(k))?.[1]

describe('ReDoS check (recheck)', () => {
  it('finds the regular expressions with the TypeScript parser', () => {
    expect(found.length).toBeGreaterThan(80)
    expect(found.some(r => r.file.includes('plugin'))).toBe(true)
    expect(found.some(r => r.source.startsWith('^(?:(?:https?|ftp)'))).toBe(true)
  })

  it('every RegExp call with a computed pattern is accounted for', () => {
    const files = dynamic.map(at => at.replace(/:\d+$/, '').replace(/.*@cfworker.*/, 'format.js'))
    for (const f of files) expect(DYNAMIC[f], f).toBeDefined()
  })

  it('every regular expression is linear, or allowed with its reason', { timeout: 600_000 }, async () => {
    const flagged: string[] = []
    for (const r of found) {
      const res = await check(r.source, r.flags, { timeout: 60_000 })
      if (res.status === 'safe') continue
      const why = allowance(r)
      if (why) continue
      const summary = res.status == 'vulnerable' ? `${res.complexity.summary}: ${res.attack.pattern}` : res.status
      flagged.push(`${r.file}:${r.line} /${r.source}/${r.flags} — ${summary}`)
    }
    expect(flagged).toEqual([])
  })
})
