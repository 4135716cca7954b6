// `toolreg diff` against hostile tool files and manifests (issue 31, "Trust, round 3"; plugin
// README, "`toolreg diff`"): register calls in blocks, unreadable definitions, control
// characters and markdown in names, own-key lookups, malformed manifests, size, and renames
// that need evidence.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ToolSpec } from '@toolreg/core'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../src/cli/main.js'
import { diffManifests } from '../src/codegen/diff/manifest-diff.js'
import { readDefinitions } from '../src/detect/full/definitions.js'
import type { StaticDefinition, ToolManifest } from '../src/types.js'
import { createMemoryFs, scanTools } from './internal.js'

const dir = mkdtempSync(join(tmpdir(), 'toolreg-diff-trust-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function run(argv: string[], cwd = dir) {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { stdout: t => void (stdout += t), stderr: t => void (stderr += t), cwd })
  return { code, stdout, stderr }
}

type Entry = ToolManifest['tools'][number]
const tool = (name: string, file: string, definition?: StaticDefinition, line = 3): Entry => ({
  name,
  toolset: 't',
  file,
  line,
  column: 1,
  ...(definition ? { definition } : {}),
})
const manifest = (tools: Entry[]): ToolManifest => ({ version: 1, tools, files: [...new Set(tools.map(t => t.file))] })

let written = 0
/** Writes BASE and HEAD (objects, or JSON text as it is) and runs `toolreg diff` on them. */
async function diff(base: ToolManifest | string, head: ToolManifest | string, ...flags: string[]) {
  const n = written++
  const text = (m: ToolManifest | string) => (typeof m === 'string' ? m : JSON.stringify(m))
  writeFileSync(join(dir, `base-${n}.json`), text(base))
  writeFileSync(join(dir, `head-${n}.json`), text(head))
  return run(['diff', `base-${n}.json`, `head-${n}.json`, ...flags])
}
/** The text format's change lines as `class tool: message`, without the site. */
const changeLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(l => /^(breaking|security|compatible) /.test(l))
    .map(l => l.replace(/ +/, ' ').replace(/ \([^()]*:\d+:\d+\)$/, ''))

const IMPORT = `import { registry } from '@toolreg/core'\n`
async function definitionsOf(body: string) {
  const code = IMPORT + body
  const scan = await scanTools({ root: '/p' }, { fs: createMemoryFs({ '/p/tools/a.ts': code }) })
  const m = scan.toolModules[0]!
  return readDefinitions(code, m.file, m.sites, scan.options.registryModules)
}

describe('register calls in blocks, unreadable definitions', () => {
  it('reads a register call inside a top-level block (trust #5)', async () => {
    expect(
      await definitionsOf(`{
  registry.register({ name: 'rm', toolset: 'fs', schema: { description: 'Delete' }, needsApproval: true, handler: () => '' })
  {
    registry.register({ name: 'mv', toolset: 'fs', schema: {}, needsApproval: false, handler: () => '' })
  }
}
`),
    ).toEqual([{ description: 'Delete', needsApproval: true }, { needsApproval: false }])
  })

  it('a const the block re-declares is not read as the top-level one (trust #5)', async () => {
    const [def] = await definitionsOf(`const P = { type: 'object' } as const
{
  const P = { type: 'string' }
  registry.register({ name: 'rm', toolset: 'fs', schema: { parameters: P }, needsApproval: true, handler: () => '' })
}
`)
    expect(def).toEqual({ needsApproval: true, dynamic: ['parameters'] })
  })

  it('dropping needsApproval inside a bare block fails --fail-on breaking, end to end (trust #5)', async () => {
    const project = (name: string, body: string) => {
      const root = join(dir, name)
      mkdirSync(join(root, 'tools'), { recursive: true })
      writeFileSync(join(root, 'tools', 'fs.ts'), IMPORT + body)
      return root
    }
    const spec = (approval: string) =>
      `registry.register({ name: 'rm', toolset: 'fs', schema: { description: 'Delete' },${approval} handler: () => '' })`
    const base = project('block-base', `${spec(' needsApproval: true,')}\n`)
    const head = project('block-head', `{\n  ${spec('')}\n}\n`)
    expect((await run(['manifest', '--definitions', '--out', join(dir, 'block-base.json')], base)).code).toBe(0)
    expect((await run(['manifest', '--definitions', '--out', join(dir, 'block-head.json')], head)).code).toBe(0)
    const out = await run(['diff', 'block-base.json', 'block-head.json', '--fail-on', 'breaking'])
    expect(changeLines(out.stdout)).toEqual(['security rm: approval dropped (always → never)'])
    expect(out.code).toBe(1)
  })

  it('an unreadable definition where BASE asked for approval is a security change (trust #5)', async () => {
    const base = manifest([
      tool('rm', 'tools/fs.ts', { needsApproval: true }),
      tool('pay', 'tools/pay.ts', { needsApproval: 'dynamic' }),
      tool('ls', 'tools/fs.ts', { needsApproval: false }, 4),
    ])
    const head = manifest([
      tool('rm', 'tools/fs.ts'),
      tool('pay', 'tools/pay.ts'),
      tool('ls', 'tools/fs.ts', undefined, 4),
    ])
    const out = await diff(base, head, '--fail-on', 'breaking')
    expect(changeLines(out.stdout)).toEqual([
      'compatible ls: definition not readable in HEAD: not compared',
      'security pay: definition not readable in HEAD: approval (decided at run time in BASE) not confirmed',
      'security rm: definition not readable in HEAD: approval (always in BASE) not confirmed',
    ])
    expect(out.code).toBe(1)
  })
})

// Raw characters a terminal, a CI log or GitHub's runner would act on.
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

describe('escaping in every format', () => {
  const FILE = 'tools/a\n::error file=x.ts::pwned\r\n.ts'
  const TOOL = 'rm\u001b[31m\u0007'
  const PARAM = 'p\u202eath\u2028x'
  const hostile = () => {
    const base = manifest([
      tool(TOOL, FILE, {
        parameters: { type: 'object', properties: { [PARAM]: { type: 'string' } } },
        annotations: { title: 'a' },
      }),
    ])
    const head = manifest([tool(TOOL, FILE, { annotations: { title: 'b\u009b\u2066\n::warning::x' } })])
    return { base, head }
  }

  it('text: one line per change, no raw control, line break or bidi control (trust #6)', async () => {
    const { base, head } = hostile()
    const out = await diff(base, head)
    expect(out.stdout).not.toMatch(RAW_CONTROL)
    const lines = out.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(2 + 2) // two changes, a blank line, the summary
    expect(lines[0]).toBe(
      `breaking   rm\\u001b[31m\\u0007: parameter 'p\\u202eath\\u2028x' removed (tools/a\\n::error file=x.ts::pwned\\r\\n.ts:3:1)`,
    )
    expect(lines[1]).toMatch(
      /^compatible rm\\u001b\[31m\\u0007: annotation title: "a" → "b\\u009b\\u2066\\n::warning::x" \(/,
    )
  })

  it('github: one workflow command per change, nothing else starts a command (trust #6)', async () => {
    const { base, head } = hostile()
    const out = await diff(base, head, '--format', 'github')
    expect(out.stdout).not.toMatch(RAW_CONTROL)
    const lines = out.stdout.split('\n').filter(Boolean)
    expect(lines).toHaveLength(2)
    for (const line of lines)
      expect(line).toMatch(/^::(warning|notice) file=[^,:]+,line=3,col=1,title=toolreg diff%3A \w+::[^\n]*$/)
  })

  it('markdown: one table row per change, no raw control (trust #6)', async () => {
    const { base, head } = hostile()
    const out = await diff(base, head, '--format', 'markdown')
    expect(out.stdout).not.toMatch(RAW_CONTROL)
    expect(
      out.stdout.split('\n').filter(l => l.startsWith('| **breaking** |') || l.startsWith('| compatible |')),
    ).toHaveLength(2)
  })

  it('json: valid JSON with the names as they are, and no raw control even inside strings (trust #6)', async () => {
    const { base, head } = hostile()
    const out = await diff(base, head, '--format', 'json')
    expect(out.code).toBe(0)
    expect(out.stdout).not.toMatch(RAW_CONTROL)
    const parsed = JSON.parse(out.stdout)
    expect(parsed).toEqual(JSON.parse(JSON.stringify({ ...diffManifests(base, head), changes: parsed.changes })))
    expect(
      parsed.changes.map((c: { tool: string; file: string; message: string }) => [c.tool, c.file, c.message]),
    ).toEqual([
      [TOOL, FILE, `parameter '${PARAM}' removed`],
      [TOOL, FILE, 'annotation title: "a" → "b\u009b\u2066\\n::warning::x"'],
    ])
  })

  it('property: any tool, file and parameter name stays on its line in every format (trust #6)', async () => {
    const formats = ['text', 'github', 'markdown', 'json'] as const
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), async (name, param) => {
        const file = `tools/${name}.ts`
        const base = manifest([tool(`t${name}`, file, { parameters: { properties: { [param]: {} } } })])
        const head = manifest([tool(`t${name}`, file, { parameters: { properties: {} } })])
        for (const format of formats) {
          const out = await diff(base, head, '--format', format)
          expect(out.code).toBe(0)
          expect(out.stdout).not.toMatch(RAW_CONTROL)
          if (format === 'github') expect(out.stdout.split('\n').filter(Boolean)).toHaveLength(1)
          if (format === 'text') expect(out.stdout.split('\n')).toHaveLength(4)
          if (format === 'json') expect(JSON.parse(out.stdout).changes[0].tool).toBe(`t${name}`)
        }
      }),
      { seed: 20261201, numRuns: 60 },
    )
  })
})

describe('own keys only', () => {
  it("annotations: { ['__proto__']: true } in a tool file does not crash any format (trust #14)", async () => {
    const [before] = await definitionsOf(
      `registry.register({ name: 'a', toolset: 't', schema: {}, annotations: { title: 'A' }, handler: () => '' })\n`,
    )
    const [after] = await definitionsOf(
      `registry.register({ name: 'a', toolset: 't', schema: {}, annotations: { ['__proto__']: true, title: 'A' }, handler: () => '' })\n`,
    )
    expect(Object.hasOwn(after!.annotations!, '__proto__')).toBe(true)
    const base = manifest([tool('a', 'tools/a.ts', before)])
    const head = manifest([tool('a', 'tools/a.ts', after)])
    for (const [from, to, line] of [
      [base, head, 'compatible a: annotation __proto__: unset → true'],
      [head, base, 'compatible a: annotation __proto__: true → unset'],
    ] as const) {
      const out = await diff(from, to)
      expect(out).toMatchObject({ code: 0, stderr: '' })
      expect(changeLines(out.stdout)).toEqual([line])
      for (const format of ['json', 'markdown', 'github'])
        expect(await diff(from, to, '--format', format)).toMatchObject({ code: 0, stderr: '' })
    }
  })

  it('a removed constructor or __proto__ parameter is reported; a new required toString is new (trust #15)', async () => {
    const params = (properties: Record<string, unknown>, required: string[] = []) => ({
      parameters: { type: 'object', properties, required },
    })
    const base = manifest([
      tool(
        'a',
        'tools/a.ts',
        params({ q: { type: 'string' }, constructor: { type: 'string' }, ['__proto__']: { type: 'number' } }),
      ),
      tool('b', 'tools/b.ts', params({ q: { type: 'string' } }, ['q'])),
    ])
    const head = manifest([
      tool('a', 'tools/a.ts', params({ q: { type: 'string' } })),
      tool('b', 'tools/b.ts', params({ q: { type: 'string' }, toString: { type: 'string' } }, ['q', 'toString'])),
    ])
    expect(changeLines((await diff(base, head)).stdout)).toEqual([
      "breaking a: parameter 'constructor' removed",
      "breaking a: parameter '__proto__' removed",
      "breaking b: new required parameter 'toString'",
    ])
    // And back: the two parameters added, toString removed.
    expect(changeLines((await diff(head, base)).stdout)).toEqual([
      "compatible a: new optional parameter 'constructor'",
      "compatible a: new optional parameter '__proto__'",
      "breaking b: parameter 'toString' removed",
    ])
  })
})

/** The markdown with its code spans cut out (a backtick run up to the next run of the same length). */
function outsideCodeSpans(markdown: string): string {
  return markdown.replace(/(`+)[^`][\s\S]*?(?<!`)\1(?!`)/g, '')
}

describe('markdown', () => {
  it('names and annotation values reach the PR comment only as code spans (trust #16)', async () => {
    const LINK = '[click](https://evil.example/)'
    const IMAGE = '![x](https://evil.example/pixel.png)'
    const HTML = '<img src=x onerror=alert(1)>'
    const base = manifest([
      tool('a`|b', 'tools/<b>x</b>.ts', {
        parameters: { properties: { [LINK]: {}, [IMAGE]: {}, [HTML]: {}, '@octocat': {}, '``a|b': {} } },
        annotations: { title: 'plain', [`@team ${LINK}`]: 1 },
      }),
    ])
    const head = manifest([
      tool('a`|b', 'tools/<b>x</b>.ts', {
        parameters: { properties: {} },
        annotations: { title: `${HTML} @everyone ${IMAGE}` },
      }),
    ])
    const out = await diff(base, head, '--format', 'markdown')
    expect(out.code).toBe(0)
    const rows = out.stdout.split('\n').filter(l => l.startsWith('| ') && !l.startsWith('| |'))
    expect(rows).toHaveLength(7)
    for (const row of rows) {
      // Five cell borders: no name ends its cell early.
      expect(row.match(/(?<!\\)\|/g)).toHaveLength(5)
      const rest = outsideCodeSpans(row)
      expect(rest).not.toMatch(/(?<!\\)[<>[\]@!]/)
      expect(rest).not.toMatch(/https?:|octocat|everyone|img/)
    }
    expect(out.stdout).toContain('parameter `[click](https://evil.example/)` removed')
    expect(out.stdout).toContain('parameter ``` ``a\\|b ``` removed')
    expect(out.stdout).toContain('| ``a`\\|b`` |')
  })
})

describe('malformed manifests', () => {
  const good = JSON.stringify(manifest([tool('a', 'tools/a.ts', { description: 'A' })]))
  const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`
  const tools = (json: string) => `{"version":1,"files":[],"tools":[${json}]}`
  it.each([
    ['a null tool', tools('null'), 'tools[0]: must be an object'],
    ['a numeric name', tools('{"name":42,"toolset":"t","file":"f.ts","line":1,"column":1}'), 'tools[0]: name must be'],
    ['an object file', tools('{"name":"a","toolset":"t","file":{},"line":1,"column":1}'), 'tools[0]: file must be'],
    ['a string line', tools('{"name":"a","toolset":"t","file":"f.ts","line":"1","column":1}'), 'tools[0]: line and'],
    [
      'a null definition',
      tools('{"name":"a","toolset":"t","file":"f.ts","line":1,"column":1,"definition":null}'),
      'tools[0]: definition must be an object',
    ],
    [
      'parameters that are an array',
      tools('{"name":"a","toolset":"t","file":"f.ts","line":1,"column":1,"definition":{"parameters":[]}}'),
      'tools[0]: definition.parameters must be an object',
    ],
    [
      '50 000-deep parameters',
      tools(`{"name":"a","toolset":"t","file":"f.ts","line":1,"column":1,"definition":{"parameters":${deep(50_000)}}}`),
      'tools[0]: definition nests deeper than 64 levels',
    ],
    [
      'a name twice',
      tools(
        '{"name":"a","toolset":"t","file":"f.ts","line":1,"column":1},{"name":"a","toolset":"t","file":"g.ts","line":1,"column":1}',
      ),
      'tools[1]: the name "a" appears twice',
    ],
  ])('%s: one line and exit 2 (trust #17)', async (_, bad, problem) => {
    for (const [base, head, file] of [
      [good, bad, 'head'],
      [bad, good, 'base'],
    ] as const) {
      const out = await diff(base, head)
      expect(out.code).toBe(2)
      expect(out.stdout).toBe('')
      expect(out.stderr).toMatch(new RegExp(`^toolreg: ${file}-\\d+\\.json: [^\\n]+\\n$`))
      expect(out.stderr).toContain(problem)
    }
  })

  it('parameters 60 levels deep on both sides are still compared', async () => {
    let a: Record<string, unknown> = { type: 'string' }
    let b: Record<string, unknown> = { type: 'number' }
    for (let i = 0; i < 30; i++) {
      a = { type: 'object', properties: { x: a } }
      b = { type: 'object', properties: { x: b } }
    }
    const out = await diff(
      manifest([tool('a', 'f.ts', { parameters: a })]),
      manifest([tool('a', 'f.ts', { parameters: b })]),
    )
    expect(changeLines(out.stdout)).toEqual([`breaking a: parameter '${'x.'.repeat(29)}x' type "string" → "number"`])
  })
})

describe('size', () => {
  /** BASE: `old_i`, HEAD: `new_i` with the same schema, spread over 100 files; `touch` counts reads of each tool's fields. */
  const renamedTools = (n: number, touch: () => void = () => {}) => {
    const counted = (t: Entry): Entry =>
      new Proxy(t, {
        get: (target, key, receiver) => {
          touch()
          return Reflect.get(target, key, receiver)
        },
      })
    const make = (prefix: string) =>
      manifest(
        Array.from({ length: n }, (_, i) =>
          counted(
            tool(`${prefix}_${i}`, `tools/f${i % 100}.ts`, {
              parameters: { type: 'object', properties: { [`p${i}`]: { type: 'string' } } },
            }),
          ),
        ),
      )
    return { base: make('old'), head: make('new') }
  }

  it('20 000 renamed tools: every rename found, through the CLI (trust #18)', async () => {
    const { base, head } = renamedTools(20_000)
    const out = await diff(base, head)
    expect(out.code).toBe(0)
    const lines = changeLines(out.stdout)
    expect(lines).toHaveLength(20_000)
    expect(lines.every(l => /^breaking new_(\d+): tool renamed from old_\1$/.test(l))).toBe(true)
    expect(out.stdout).toMatch(/\n20000 breaking \(tools: 20000 renamed\)\n$/)
  }, 120_000)

  it('the work grows linearly with the tools: reads of tool fields double when the tools do (trust #18)', () => {
    const reads = (n: number) => {
      let count = 0
      const { base, head } = renamedTools(n, () => void count++)
      expect(diffManifests(base, head).renamed).toHaveLength(n)
      return count
    }
    const small = reads(1000)
    const large = reads(4000)
    // Linear: 4×; the quadratic matching read each file's tools once per tool (16×).
    expect(large / small).toBeLessThan(5)
  })
})

describe('renames need evidence', () => {
  const params = (p: string) => ({ type: 'object', properties: { [p]: { type: 'string' } } })

  it('an unrelated tool replacing another in its file is a removal and an addition (trust #renames)', async () => {
    const base = manifest([
      tool('legacy_export', 'tools/space.ts', { description: 'Export', parameters: params('id') }),
    ])
    const head = manifest([
      tool('list_spaces', 'tools/space.ts', {
        description: 'List spaces',
        parameters: params('q'),
        needsApproval: true,
      }),
    ])
    const out = await diff(base, head, '--fail-on', 'breaking')
    expect(changeLines(out.stdout)).toEqual([
      'breaking legacy_export: tool removed',
      'compatible list_spaces: tool added (needs approval)',
    ])
    expect(out.code).toBe(1)
  })

  it('same file and same schema, or same description: a rename', async () => {
    const base = manifest([
      tool('search', 'tools/web.ts', { parameters: params('q') }),
      tool('fetch', 'tools/web.ts', { description: 'Fetch a page', parameters: params('url') }, 4),
    ])
    const head = manifest([
      tool('web_search', 'tools/web.ts', { parameters: params('q') }),
      tool('web_fetch', 'tools/web.ts', { description: 'Fetch a page', parameters: params('href') }, 4),
    ])
    expect(changeLines((await diff(base, head)).stdout)).toEqual([
      'breaking web_fetch: tool renamed from fetch',
      "breaking web_fetch: parameter 'url' renamed to 'href' (same schema)",
      'breaking web_search: tool renamed from search',
    ])
  })

  it('the same schema in another file, or two candidates, is no evidence (trust #renames)', async () => {
    const base = manifest([
      tool('a', 'tools/a.ts', { parameters: params('q') }),
      tool('c', 'tools/c.ts', { parameters: params('q') }),
      tool('d', 'tools/c.ts', { parameters: params('q') }, 4),
    ])
    const head = manifest([
      tool('b', 'tools/b.ts', { parameters: params('q') }),
      tool('e', 'tools/c.ts', { parameters: params('q') }),
      tool('f', 'tools/c.ts', { parameters: params('q') }, 4),
    ])
    const d = diffManifests(base, head)
    expect(d.renamed).toEqual([])
    expect(d.removed).toEqual(['a', 'c', 'd'])
    expect(d.added).toEqual(['b', 'e', 'f'])
  })

  it("renamedFrom: 'old' in the spec is read from the tool file and names the rename, across files (trust #renames)", async () => {
    const spec: Pick<ToolSpec, 'name' | 'renamedFrom'> = { name: 'list_spaces', renamedFrom: 'spaces' }
    const [def] = await definitionsOf(
      `registry.register({ name: '${spec.name}', toolset: 't', renamedFrom: '${spec.renamedFrom}', schema: { description: 'List' }, handler: () => '' })\n`,
    )
    expect(def).toEqual({ description: 'List', renamedFrom: 'spaces' })
    const base = manifest([tool('spaces', 'tools/old.ts', { description: 'Spaces' }), tool('other', 'tools/x.ts')])
    const head = manifest([tool('list_spaces', 'tools/new.ts', def), tool('y', 'tools/x.ts', { renamedFrom: 'other' })])
    // Each claim names a tool only BASE has: both are renames, whatever the files and schemas.
    const d = diffManifests(base, head)
    expect(d.renamed).toEqual([
      { from: 'spaces', to: 'list_spaces' },
      { from: 'other', to: 'y' },
    ])
    // A claim on a tool HEAD still has is no rename.
    const kept = diffManifests(base, manifest([...base.tools, tool('z', 'tools/z.ts', { renamedFrom: 'spaces' })]))
    expect(kept).toMatchObject({ renamed: [], added: ['z'], removed: [] })
  })
})
