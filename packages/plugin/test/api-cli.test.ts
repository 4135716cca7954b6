// `toolreg api` writes, from the tool files' static definitions, the very declarations that
// `createCodeMode` writes at run time from the registry.
import { ToolRegistry } from '@toolreg/core'
import { createCodeMode, type CodeExecutor } from '@toolreg/core/code-mode'
import { afterAll, expect, it } from 'vitest'
import { cleanupTemps } from './helpers.js'
import { project, run } from './surface-helpers.js'

afterAll(cleanupTemps)

const SPECS = [
  {
    name: 'weather',
    toolset: 'web',
    schema: {
      description: 'Forecast for a city',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: 'City name' } },
        required: ['city'],
      },
    },
    outputSchema: { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] },
  },
  {
    name: 'now',
    toolset: 'clock',
    schema: { description: 'The time', parameters: { type: 'object', properties: {} } },
  },
  {
    name: 'odd-name',
    toolset: 'web',
    schema: { description: 'A */ comment', parameters: { type: 'object', properties: { 'a b': { enum: [1, 'x'] } } } },
  },
]

const never: CodeExecutor = { run: async () => ({ ok: false, error: 'not run', console: '' }) }

it('prints the declarations createCodeMode writes, and counts their tokens', async () => {
  const files = Object.fromEntries(
    SPECS.map((s, i) => [
      `t${i}.ts`,
      `import { registry } from '@toolreg/core'\nregistry.register(${JSON.stringify(s).slice(0, -1)}, handler: async () => '{"temp":1}' })\n`,
    ]),
  )
  const r = await run(['api'], await project(files))
  expect(r.code).toBe(0)
  const registry = new ToolRegistry()
  for (const s of SPECS) registry.register({ ...s, handler: async () => '{"temp":1}' } as never)
  const mode = await createCodeMode(registry, { executor: never })
  expect(r.stdout).toBe(mode.declarations)
  expect(r.stdout).toContain('weather(args: {')
  expect(r.stderr).toMatch(/^toolreg api: 3 tools, \d+ tokens \(o200k_base\)\n$/)
})

it('the api option: true names tool-api.d.ts, a file name is kept, anything else is refused', async () => {
  const { resolveOptions } = await import('../src/options/options.js')
  expect(resolveOptions({}).api).toBe(false)
  expect(resolveOptions({ api: true }).api).toBe('tool-api.d.ts')
  expect(resolveOptions({ api: 'types/code.d.ts' }).api).toBe('types/code.d.ts')
  for (const bad of [3, '', null, ['a']])
    expect(() => resolveOptions({ api: bad as never })).toThrow(
      'toolRegistry: option "api" must be a file name, true or false',
    )
})

it('names the tools whose definitions are built at run time, declared loosely', async () => {
  const files = {
    'a.ts': `import { registry } from '@toolreg/core'\nconst p = () => ({ type: 'object', properties: {} })\nregistry.register({ name: 'made', toolset: 'x', schema: { description: 'Made', parameters: p() }, handler: async () => '' })\n`,
  }
  const r = await run(['api'], await project(files))
  expect(r.code).toBe(0)
  expect(r.stdout).toContain('made(args?: Record<string, unknown>): Promise<string>')
  expect(r.stderr).toMatch(
    /^toolreg api: 1 tool, \d+ tokens \(o200k_base\); not static, declared loosely: made \(parameters\)\n$/,
  )
})
