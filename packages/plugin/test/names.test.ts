import { describe, expect, it } from 'vitest'
import { checkName, detectRegisterCalls, nameRules, type NameRuleName } from './internal.js'

const PRESETS: NameRuleName[] = ['portable', 'openai', 'anthropic', 'gemini', 'mcp']

// name → which presets accept it, in PRESETS order.
const CASES: [string, boolean[]][] = [
  ['get_weather', [true, true, true, true, true]],
  ['web-search2', [true, true, true, true, true]],
  ['_private', [true, true, true, true, true]],
  ['1st_tool', [false, true, true, false, true]],
  ['-dash', [false, true, true, false, true]],
  ['ns.tool', [false, false, false, true, true]],
  ['ns:tool', [false, false, false, true, false]],
  ['a'.repeat(64), [true, true, true, true, true]],
  ['a'.repeat(65), [false, false, false, false, true]],
  ['a'.repeat(128), [false, false, false, false, true]],
  ['a'.repeat(129), [false, false, false, false, false]],
  ['', [false, false, false, false, false]],
  ['has space', [false, false, false, false, false]],
  ['ümlaut', [false, false, false, false, false]],
  ['line\nbreak', [false, false, false, false, false]],
]

describe('name rules', () => {
  it('has exactly the five presets of SPEC §3.1', () => {
    expect(Object.keys(nameRules).sort()).toEqual([...PRESETS].sort())
  })

  it.each(CASES)('checkName(%j) per preset', (name, expected) => {
    expect(PRESETS.map(rule => checkName(name, rule))).toEqual(expected)
  })

  it('accepts a user RegExp, and a /g RegExp gives the same answer every time', () => {
    const rule = /^tool_[a-z]+$/g
    expect([checkName('tool_a', rule), checkName('tool_a', rule), checkName('tool_a', rule)]).toEqual([
      true,
      true,
      true,
    ])
    expect(checkName('other', rule)).toBe(false)
  })
})

describe('TR003 per preset', () => {
  const code = (name: string) =>
    `import { registry } from '@toolreg/core'\nregistry.register({ name: ${JSON.stringify(name)}, toolset: 't' })\n`

  it.each(PRESETS.flatMap((rule, i) => CASES.map(([name, ok]) => [rule, name, ok[i]!] as const)))(
    'names: %s, name %j → accepted %s',
    (rule, name, ok) => {
      const r = detectRegisterCalls(code(name), 'tools/x.ts', { names: rule })
      expect(r.diagnostics.map(d => d.code)).toEqual(ok ? [] : ['TR003'])
      if (!ok) {
        expect(r.diagnostics[0]!.message).toContain(`breaks the ${rule} name rule`)
        expect(r.diagnostics[0]).toMatchObject({ line: 2, column: 27 })
      }
      // The name is still static: duplicates of invalid names are found too.
      expect(r.sites[0]!.name).toBe(name)
    },
  )

  it('a RegExp rule is named in the message', () => {
    const r = detectRegisterCalls(code('Search'), 'tools/x.ts', { names: /^[a-z]+$/ })
    expect(r.diagnostics[0]!.message).toBe('Tool name "Search" breaks the name rule /^[a-z]+$/')
  })
})
