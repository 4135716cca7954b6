// The surface lint of `toolreg check`, one rule at a time (packages/plugin/README.md, "Surface lint"):
// each test names the code, the message and the place a rule reports.
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps } from './helpers.js'
import { diagnostics, project, spec, toolFile } from './surface-helpers.js'

afterAll(cleanupTemps)

const codes = (ds: { code: string }[]) => ds.map(d => d.code)

describe('surface lint rules', () => {
  it('no "surface" key and no --surface: check reports the scan only', async () => {
    const dir = await project({ 'a.ts': toolFile(`{ name: 'a', toolset: 't', schema: {}, handler: () => '' }`) })
    expect(await diagnostics(dir)).toEqual([])
    expect(codes(await diagnostics(dir, ['--surface']))).toEqual(['TR203'])
  })

  it('TR201: the prefixed name against OpenAI and Anthropic (the defaults), then Gemini and MCP', async () => {
    const name = 'a'.repeat(55)
    const dir = await project({ 'a.ts': toolFile(spec('ok'), spec(name)) }, { prefix: 'mcp__myserver__' })
    const shown = `"mcp__myserver__${name}" (prefix "mcp__myserver__")`
    expect(await diagnostics(dir)).toEqual(
      ['OpenAI', 'Anthropic'].map(p => ({
        code: 'TR201',
        severity: 'error',
        message: `${p} rejects tool name ${shown}: it is 70 characters long, over the limit of 64`,
        file: 'tools/a.ts',
        line: 3,
        column: 1,
      })),
    )
    const colon = await project({ 'a.ts': toolFile(spec('ok')) }, { prefix: '9srv:', providers: ['gemini', 'mcp'] })
    expect((await diagnostics(colon)).map(d => d.message)).toEqual([
      'Gemini rejects tool name "9srv:ok" (prefix "9srv:"): it (7 characters) does not match /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/',
      'MCP rejects tool name "9srv:ok" (prefix "9srv:"): it (7 characters) does not match 1–128 characters of [A-Za-z0-9_.-]',
    ])
  })

  it('TR202: more always-loaded tools than a client cap; deferred tools do not count', async () => {
    const specs = Array.from({ length: 51 }, (_, i) => spec(`t${i}`, '', i === 0 ? 'admin' : 't'))
    const dir = await project({ 'a.ts': toolFile(...specs) }, { clients: ['windsurf', 'cursor'] })
    expect(await diagnostics(dir)).toEqual([
      {
        code: 'TR202',
        severity: 'warning',
        message: "51 always-loaded tools exceed Windsurf's cap of 50 tools (defer some with surface.deferred)",
        file: 'tools',
        line: 0,
        column: 0,
      },
    ])
    const deferred = await project({ 'a.ts': toolFile(...specs) }, { clients: ['windsurf'], deferred: ['admin'] })
    expect(await diagnostics(deferred)).toEqual([])
  })

  it('TR203 no description, TR204 one shorter than minDescription (default 20)', async () => {
    const bare = `{ name: 'bare', toolset: 't', schema: {}, handler: () => '' }`
    const short = `{ name: 'short', toolset: 't', schema: { description: 'Gets it' }, handler: () => '' }`
    const dir = await project({ 'a.ts': toolFile(spec('ok'), bare, short) }, {})
    expect(
      (await diagnostics(dir)).map(d => [d.code, d.severity, d.message, `${d.file}:${d.line}:${d.column}`]),
    ).toEqual([
      ['TR203', 'warning', 'Tool "bare" has no description: the model sees only its name', 'tools/a.ts:3:1'],
      [
        'TR204',
        'warning',
        'Tool "short" has a 7-character description, shorter than minDescription 20',
        'tools/a.ts:4:1',
      ],
    ])
    const lenient = await project({ 'a.ts': toolFile(short) }, { minDescription: 5 })
    expect(await diagnostics(lenient)).toEqual([])
  })

  it('TR205: a top-level parameter without a description', async () => {
    const params = `{ type: 'object', properties: { city: { type: 'string', description: 'City' }, units: { type: 'string' } } }`
    const dir = await project(
      {
        'w.ts': toolFile(
          `{ name: 'w', toolset: 't', description: 'Weather of a city, now', schema: { parameters: ${params} }, handler: () => '' }`,
        ),
      },
      {},
    )
    expect(await diagnostics(dir)).toEqual([
      {
        code: 'TR205',
        severity: 'warning',
        message: 'Parameter "units" of tool "w" has no description',
        file: 'tools/w.ts',
        line: 2,
        column: 1,
      },
    ])
  })

  it('TR206 (approvalPolicy: true): destructive or open-world tools without needsApproval', async () => {
    const files = {
      'a.ts': toolFile(
        spec('rm', 'annotations: { destructiveHint: true },'),
        spec('fetch', 'annotations: { openWorldHint: true }, needsApproval: false,'),
        spec('rm_ok', 'annotations: { destructiveHint: true }, needsApproval: true,'),
        spec('rm_maybe', 'annotations: { destructiveHint: true }, needsApproval: () => true,'),
      ),
    }
    expect(await diagnostics(await project(files, {}))).toEqual([])
    expect(await diagnostics(await project(files, { approvalPolicy: true }))).toEqual([
      {
        code: 'TR206',
        severity: 'error',
        message: 'Tool "rm" is annotated destructiveHint but has no needsApproval (surface.approvalPolicy)',
        file: 'tools/a.ts',
        line: 2,
        column: 1,
      },
      {
        code: 'TR206',
        severity: 'error',
        message: 'Tool "fetch" is annotated openWorldHint but has needsApproval: false (surface.approvalPolicy)',
        file: 'tools/a.ts',
        line: 3,
        column: 1,
      },
    ])
  })

  it('a zod (dynamic) description or parameters is not linted as missing', async () => {
    const src = `import { registry } from '@toolreg/core'\nimport { z } from 'zod'\nconst D = process.env.D\nregistry.register({ name: 'z', toolset: 't', description: D, schema: { parameters: z.object({ q: z.string() }) }, handler: () => '' })\n`
    expect(await diagnostics(await project({ 'z.ts': src }, {}))).toEqual([])
  })
})
