import { readFile, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
// `toolreg check` with the surface lint (packages/plugin/README.md, "Surface lint"): token
// budgets, --fail-on, severities from surface.rules, the github and json formats, config errors.
import { countTokens } from 'gpt-tokenizer'
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps } from './helpers.js'
import { diagnostics, project, run, spec, toolFile } from './surface-helpers.js'

afterAll(cleanupTemps)

const PARAMS = { type: 'object', properties: { city: { type: 'string', description: 'City name' } } }
/** The OpenAI-shape definition of `spec(name)`, counted here without the plugin. */
const expected = (name: string, count = countTokens) =>
  count(
    JSON.stringify({
      type: 'function',
      function: { name, description: 'Looks up the weather of a city', parameters: PARAMS },
    }),
  )

const files = () => ({
  'a.ts': toolFile(spec('weather'), spec('forecast')),
  'b.ts': toolFile(spec('drop_table', '', 'admin')),
})

describe('toolreg check: token budgets and the summary', () => {
  it('json: surface { tools, toolsets, surface, encoding }, counts equal to gpt-tokenizer', async () => {
    const dir = await project(files(), { deferred: ['admin'] })
    const r = await run(['check', '--format', 'json'], dir)
    expect(r.code).toBe(0)
    const one = expected('weather')
    expect(one).toBeGreaterThan(20)
    expect(JSON.parse(r.stdout).surface).toEqual({
      tools: [
        { name: 'weather', toolset: 't', tokens: one, deferred: false },
        { name: 'forecast', toolset: 't', tokens: expected('forecast'), deferred: false },
        { name: 'drop_table', toolset: 'admin', tokens: expected('drop_table'), deferred: true },
      ],
      toolsets: { t: one + expected('forecast'), admin: expected('drop_table') },
      surface: one + expected('forecast'),
      encoding: 'o200k_base',
    })
  })

  it('encoding cl100k_base counts with that encoding', async () => {
    const dir = await project({ 'a.ts': toolFile(spec('weather')) }, { encoding: 'cl100k_base' })
    const { surface } = JSON.parse((await run(['check', '--format', 'json'], dir)).stdout)
    expect(surface).toMatchObject({ surface: expected('weather', countCl100k), encoding: 'cl100k_base' })
  })

  it('text: the summary line under the diagnostics summary', async () => {
    const r = await run(['check'], await project(files(), { deferred: ['drop_table'] }))
    const total = expected('weather') + expected('forecast')
    expect(r.stdout).toBe(
      `0 errors and 0 warnings in 2 tool files (3 tools)\nsurface: ${total} tokens (o200k_base) for 2 always-loaded tools, 1 deferred\n`,
    )
  })

  it('TR207: a tool, toolset or surface over its budget is an error (exit 1); deferred tools leave the surface total', async () => {
    const one = expected('weather')
    const total = one + expected('forecast') + expected('drop_table')
    const budget = { tool: one - 1, toolset: 2 * one - 5, surface: total - 1 }
    const dir = await project(files(), { budget })
    const r = await run(['check', '--format', 'json'], dir)
    expect(r.code).toBe(1)
    const ds = JSON.parse(r.stdout).diagnostics as { code: string; message: string; file: string; line: number }[]
    expect(ds.map(d => `${d.code} ${d.file}:${d.line} ${d.message}`)).toEqual([
      `TR207 tools:0 The always-loaded surface costs ${total} tokens (o200k_base), over the surface budget of ${budget.surface}`,
      `TR207 tools/a.ts:2 Tool "weather" costs ${one} tokens (o200k_base), over the tool budget of ${budget.tool}`,
      `TR207 tools/a.ts:2 Toolset "t" costs ${one + expected('forecast')} tokens (o200k_base), over the toolset budget of ${budget.toolset}`,
      `TR207 tools/a.ts:3 Tool "forecast" costs ${expected('forecast')} tokens (o200k_base), over the tool budget of ${budget.tool}`,
      `TR207 tools/b.ts:2 Tool "drop_table" costs ${expected('drop_table')} tokens (o200k_base), over the tool budget of ${budget.tool}`,
    ])
    const deferred = await project(files(), { budget: { surface: total - 1 }, deferred: ['admin'] })
    expect(await run(['check'], deferred)).toMatchObject({ code: 0 })
  })

  it("the plugin's defer option defers for the lint as in the app", async () => {
    const dir = await project(files(), { budget: { surface: expected('weather') + expected('forecast') } })
    const config = JSON.parse(await readFile(path.join(dir, 'toolreg.config.json'), 'utf8'))
    expect((await run(['check'], dir)).code).toBe(1)
    await writeFile(
      path.join(dir, 'toolreg.config.json'),
      JSON.stringify({ ...config, defer: { toolsets: ['admin'] } }),
    )
    const r = await run(['check', '--format', 'json'], dir)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).surface.tools.find((t: { name: string }) => t.name === 'drop_table').deferred).toBe(
      true,
    )
  })
})

describe('toolreg check: severities and exit codes', () => {
  const bare = () => ({ 'a.ts': toolFile(`{ name: 'bare', toolset: 't', schema: {}, handler: () => '' }`) })

  it('--fail-on warning: a warning exits 1; the default fails on errors only', async () => {
    const dir = await project(bare(), {})
    expect((await run(['check'], dir)).code).toBe(0)
    expect((await run(['check', '--fail-on', 'warning'], dir)).code).toBe(1)
    expect((await run(['check', '--fail-on', 'error'], dir)).code).toBe(0)
    const bad = await run(['check', '--fail-on', 'info'], dir)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--fail-on: unknown severity "info" (error or warning)')
    expect((await run(['list', '--fail-on', 'warning'], dir)).code).toBe(2)
  })

  it('surface.rules: off drops a rule, error fails the check; strict makes warnings errors', async () => {
    expect(await diagnostics(await project(bare(), { rules: { TR203: 'off' } }))).toEqual([])
    const strictRule = await project(bare(), { rules: { TR203: 'error' } })
    expect(await run(['check'], strictRule)).toMatchObject({ code: 1 })
    expect((await diagnostics(strictRule)).map(d => d.severity)).toEqual(['error'])
    const budget = await project(bare(), { budget: { tool: 1 }, rules: { TR207: 'warning', TR203: 'off' } })
    expect(await run(['check'], budget)).toMatchObject({ code: 0 })
    expect((await diagnostics(budget, ['--strict'])).map(d => `${d.code} ${d.severity}`)).toEqual(['TR207 error'])
  })

  it('github: one workflow command per surface diagnostic', async () => {
    const r = await run(['check', '--format', 'github'], await project(bare(), {}))
    expect(r).toMatchObject({
      code: 0,
      stdout:
        '::warning file=tools/a.ts,line=2,col=1,title=TR203::Tool "bare" has no description: the model sees only its name\n',
    })
  })

  it('a bad surface value: exit 2 naming the key', async () => {
    for (const [surface, message] of [
      [
        { providers: ['openai', 'bing'] },
        `option "surface.providers" must be an array of 'openai', 'anthropic', 'gemini', 'mcp'`,
      ],
      [{ budget: { tool: -1 } }, 'option "surface.budget.tool" must be a positive integer (tokens)'],
      [{ rules: { TR203: 'loud' } }, `option "surface.rules.TR203" must be 'error', 'warning' or 'off' (got "loud")`],
      [{ rules: { TR999: 'off' } }, 'unknown code "TR999"'],
      [{ budgets: {} }, 'unknown key "budgets"'],
      [{ encoding: 'p50k' }, `option "surface.encoding" must be 'o200k_base' or 'cl100k_base'`],
    ] as const) {
      const r = await run(['check'], await project(bare(), surface))
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(message)
    }
  })
})
