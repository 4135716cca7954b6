// Shapes of tool files written outside every corpus and grammar of this repository (a probe
// written by hand, bench/fast-path-declines.md "Shapes outside the grammar"): the fast path
// answers each with the full detector's sites and diagnostics, or declines it — and which it
// declines is pinned here, so a change in either direction shows.
import { expect, it } from 'vitest'
import { detectRegisterCalls, fastDetectRegisterCalls } from './internal.js'

const H = "import { registry } from '@toolreg/core'\n"
const S = `schema: { description: 'd', parameters: { type: 'object', properties: {} } }, handler: async () => ''`

const SHAPES: Record<string, string> = {
  licenseComment: `/**\n * Copyright. Tools call registry.register({ name }) to appear.\n */\n${H}registry.register({ name: 'a', toolset: 'b', ${S} })\n`,
  registerInString: `${H}registry.register({ name: 'a', toolset: 'b', description: 'use register() then registry.register(x)', ${S} })\n`,
  templateName: `${H}registry.register({ name: \`a_tool\`, toolset: \`b\`, ${S} })\n`,
  namedImportAlias: `import { registry as r } from '@toolreg/core'\nr.register({ name: 'a', toolset: 'b', ${S} })\n`,
  namespaceImport: `import * as tr from '@toolreg/core'\ntr.registry.register({ name: 'a', toolset: 'b', ${S} })\n`,
  twoOnOneLine: `${H}registry.register({ name: 'a', toolset: 'b', ${S} }); registry.register({ name: 'c', toolset: 'b', ${S} })\n`,
  constObjectNames: `${H}const N = { a: 'x_a', b: 'x_b' } as const\nregistry.register({ name: N.a, toolset: 'b', ${S} })\nregistry.register({ name: N['b'], toolset: 'b', ${S} })\n`,
  genericCall: `${H}registry.register<{ q: string }>({ name: 'a', toolset: 'b', ${S} })\n`,
  voidCall: `${H}void registry.register({ name: 'a', toolset: 'b', ${S} })\n`,
  commentsBetween: `${H}registry /* c */ .register( /* spec */ { name: 'a', /* n */ toolset: 'b', ${S} })\n`,
  unicodeEscape: `${H}registry.register({ name: 'get\\u005Fx', toolset: 'b', ${S} })\n`,
  shorthand: `${H}const name = 'a', toolset = 'b'\nregistry.register({ name, toolset, ${S} })\n`,
  computedKey: `${H}registry.register({ ['name']: 'a', toolset: 'b', ${S} })\n`,
  parenSatisfies: `import type { ToolSpec } from '@toolreg/core'\n${H}registry.register(({ name: 'a', toolset: 'b', ${S} }) satisfies ToolSpec)\n`,
  asiHazard: `${H}const x = 1\n;[1, 2].forEach(() => {})\nregistry.register({ name: 'a', toolset: 'b', ${S} })\n(() => {})()\n`,
  registerNamedImport: `${H}import { registerHandler } from './lib'\nregistry.register({ name: 'a', toolset: 'b', ${S.replace("async () => ''", 'registerHandler()')} })\n`,
  exportedSpecConst: `import type { ToolSpec } from '@toolreg/core'\n${H}export const spec = { name: 'a', toolset: 'b', ${S} } satisfies ToolSpec\nregistry.register(spec)\n`,
  templateDescription: `${H}const v = 2\nregistry.register({ name: 'a', toolset: 'b', description: \`version \${v}\`, ${S} })\n`,
  spreadBase: `${H}const base = { toolset: 'b', ${S} }\nregistry.register({ ...base, name: 'a' })\nregistry.register({ ...base, name: 'c' })\n`,
  nestedParensName: `${H}registry.register({ name: ('a'), toolset: ('b' as const), ${S} })\n`,
  stringConcat: `${H}registry.register({ name: 'get_' + 'x', toolset: 'b', ${S} })\n`,
  doubleQuotes: `${H}registry.register({ "name": "a", "toolset": "b", ${S} })\n`,
  handlerFirst: `${H}registry.register({ handler: async () => 'x', schema: { parameters: { type: 'object', properties: {} } }, toolset: 'b', name: 'a' })\n`,
  regexInHandler: `${H}registry.register({ name: 'a', toolset: 'b', schema: { parameters: { type: 'object', properties: {} } }, handler: async (a) => String(a).replace(/register\\(\\{/g, '') })\n`,
  tsxComponent: `${H}import React from 'react'\nexport const View = () => <div>{'registry.register('}</div>\nregistry.register({ name: 'a', toolset: 'b', ${S} })\n`,
  ifBlock: `${H}if (true) {\n  registry.register({ name: 'a', toolset: 'b', ${S} })\n}\n`,
  exportDefaultRegister: `${H}export default registry.register({ name: 'a', toolset: 'b', ${S} })\n`,
  constSpecArray: `${H}const SPECS = [{ name: 'a', toolset: 'b', ${S} }, { name: 'c', toolset: 'b', ${S} }]\nfor (const s of SPECS) registry.register(s)\n`,
  trailingCommaTypes: `${H}type Args = { q: string, }\nregistry.register({\n  name: 'a',\n  toolset: 'b',\n  ${S},\n},)\n`,
  numericSeparatorTimeout: `${H}registry.register({ name: 'a', toolset: 'b', timeoutMs: 10_000, ${S} })\n`,
  hashbang: `#!/usr/bin/env node\n${H}registry.register({ name: 'a', toolset: 'b', ${S} })\n`,
  useStrict: `'use strict'\n${H}registry.register({ name: 'a', toolset: 'b', ${S} })\n`,
}

/** Declined, and why (the full detector's answer in brackets where it is not a clean one). */
const DECLINED: Record<string, string> = {
  genericCall: 'type arguments on the call: register<T>({ … })',
  commentsBetween: 'a comment between registry, .register and (',
  unicodeEscape: 'an escape in a name (left to the parser, which decodes it)',
  shorthand: 'a const of two declarators',
  computedKey: "a computed key ['name']",
  parenSatisfies: 'a spec in parentheses with satisfies around them',
  asiHazard: '(full: no register call: the next line calls its result)',
  spreadBase: '(full: the toolset comes from a spread it cannot read: null)',
  stringConcat: '(full: a name built by +: null)',
  tsxComponent: 'JSX in the file',
  ifBlock: '(full: a call under if is no top-level call: TR005)',
  constSpecArray: '(full: specs from a loop: null names)',
}

it('answers every shape outside the grammar but the pinned declines, each as the full detector does', () => {
  const answered: string[] = []
  for (const [shape, code] of Object.entries(SHAPES)) {
    const file = shape === 'tsxComponent' ? 'tools/x.tsx' : 'tools/x.ts'
    const fast = fastDetectRegisterCalls(code, file)
    if (fast === undefined) continue
    answered.push(shape)
    const { policies: _, ...sites } = fast
    expect(sites, shape).toEqual(detectRegisterCalls(code, file))
  }
  expect(Object.keys(SHAPES).filter(s => !answered.includes(s))).toEqual(Object.keys(DECLINED))
})
