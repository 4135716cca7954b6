// The search index a build writes ahead of time (prebuildSearchIndex → registerSearchIndex):
// ranking with it must equal ranking without it, over the bench's catalogue and labelled
// queries and over random tool sets changed after the build; a stale, missing or broken
// index never changes an answer, only the work done on the first search.
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import {
  prebuildSearchIndex,
  rankTools,
  registerSearchIndex,
  searchTools,
  SEARCH_INDEX_FORMAT,
  type SearchIndexTool,
  type ToolRegistry,
} from '@toolreg/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: plain JS of the bench, no types
import { catalogue } from '../../../bench/lib/catalogue.mjs'
// @ts-expect-error: plain JS of the bench, no types
import { HELD_OUT, QUERIES } from '../../../bench/lib/search-eval.mjs'
import { setup } from './helpers.js'

interface CatalogueTool {
  name: string
  toolset: string
  description: string
  parameters: Record<string, unknown>
}
const specs = (catalogue() as CatalogueTool[]).map(
  (t): SearchIndexTool => ({
    name: t.name,
    toolset: t.toolset,
    schema: { description: t.description, parameters: t.parameters },
  }),
)

function registryOf(tools: readonly SearchIndexTool[]) {
  const s = setup()
  for (const t of tools) s.registry.register({ ...t, handler: () => t.name })
  return s
}
/** The debug line saying how many documents came from the build's index. */
const fromBuild = (calls: { level: string; text: string }[]) =>
  calls.find(c => c.level == 'debug' && c.text.includes('search index:'))?.text

describe('the bench catalogue (5000 tools)', () => {
  const index = prebuildSearchIndex(specs)
  const live = registryOf(specs)
  const ahead = registryOf(specs)
  let loads = 0
  registerSearchIndex(ahead.registry, async () => (loads++, { default: index }))
  const queries = [...QUERIES, ...HELD_OUT] as { query: string }[]

  it('uses every prebuilt document, and ranks every labelled query exactly as the run-time index', async () => {
    await Promise.all([searchTools(ahead.registry, 'x'), searchTools(ahead.registry, 'y')])
    expect(loads).toBe(1)
    expect(fromBuild(ahead.log.calls)).toBe(
      "toolreg: search index: 5000 of 5000 tools from the build's index, the others tokenized",
    )
    expect(queries.length).toBeGreaterThanOrEqual(100)
    for (const { query } of queries) expect(rankTools(ahead.registry, query)).toEqual(rankTools(live.registry, query))
    for (const { query } of queries.slice(0, 20))
      expect(await searchTools(ahead.registry, query, { limit: 5 })).toEqual(
        await searchTools(live.registry, query, { limit: 5 }),
      )
  })

  it('holds the same document for every tool: each term of its vocabulary ranks the same tools with the same scores', () => {
    const words = JSON.parse(index)[1] as string[]
    expect(words.length).toBeGreaterThan(500)
    for (const word of words) expect(rankTools(ahead.registry, word)).toEqual(rankTools(live.registry, word))
  })

  it('is tied to its format: a change of any document needs a new SEARCH_INDEX_FORMAT', () => {
    // A changed tokenizer, weight or signature changes this digest: bump the format (src/search/prebuilt.ts)
    // with it, so an index written by another version is ignored rather than misread; then update both here.
    const digest = createHash('sha256').update(index).digest('hex').slice(0, 16)
    expect({ format: SEARCH_INDEX_FORMAT, digest }).toEqual({ format: 'search`2', digest: 'ab6c0d9ba09b20b2' })
  })
})

describe('entries that no longer match the build', () => {
  const tools: SearchIndexTool[] = [
    {
      name: 'stripe_create_refund',
      toolset: 'stripe',
      schema: {
        description: 'Refund a charge.',
        parameters: { type: 'object', properties: { charge: { type: 'string', description: 'Charge to refund' } } },
      },
    },
    { name: 'github_create_issue', toolset: 'github', schema: { description: 'Open an issue.' } },
    {
      name: 'weather_now',
      toolset: 'weather',
      schema: { description: 'Current conditions.' },
      description: 'Weather for a city',
    },
  ]
  const index = prebuildSearchIndex(tools)

  it('a changed description, parameter or toolset is tokenized from the live entry; an unknown tool too', async () => {
    const { registry, log } = registryOf([
      tools[0]!,
      { ...tools[1]!, schema: { description: 'Open a pull request.' } },
      { ...tools[2]!, description: undefined },
      { name: 'slack_send', toolset: 'slack', schema: { description: 'Post a message' } },
    ])
    registerSearchIndex(registry, async () => index)
    expect((await searchTools(registry, 'pull request')).map(d => d.function.name)).toEqual(['github_create_issue'])
    // The spec's description was dropped: the schema's is indexed now, the build's text is gone.
    expect((await searchTools(registry, 'current conditions')).map(d => d.function.name)).toEqual(['weather_now'])
    expect(await searchTools(registry, 'city')).toEqual([])
    expect(fromBuild(log.calls)).toContain('1 of 4 tools')
    const params = registryOf([
      {
        ...tools[0]!,
        schema: {
          ...tools[0]!.schema,
          parameters: { type: 'object', properties: { payment: { type: 'string', description: 'Charge to refund' } } },
        },
      },
    ])
    registerSearchIndex(params.registry, async () => index)
    expect(await searchTools(params.registry, 'payment')).toHaveLength(1)
    expect(fromBuild(params.log.calls)).toContain('0 of 1 tools')
  })

  it('register, replace and deregister after the first search keep the index current', async () => {
    const { registry } = registryOf(tools)
    registerSearchIndex(registry, async () => index)
    expect((await searchTools(registry, 'city')).map(d => d.function.name)).toEqual(['weather_now'])
    expect(await searchTools(registry, 'translate')).toEqual([])
    registry.register({
      name: 'weather_now',
      toolset: 'weather',
      schema: { description: 'Translate text' },
      handler: () => '',
    })
    expect((await searchTools(registry, 'translation')).map(d => d.function.name)).toEqual(['weather_now'])
    expect(await searchTools(registry, 'city conditions')).toEqual([])
    registry.deregister('stripe_create_refund')
    expect(await searchTools(registry, 'refund')).toEqual([])
  })
})

describe('an index that cannot be used', () => {
  const tools: SearchIndexTool[] = [
    { name: 'stripe_create_refund', toolset: 'stripe', schema: { description: 'Refund a charge.' } },
  ]
  const cases: [string, () => Promise<unknown>, RegExp][] = [
    ['a failed load', () => Promise.reject(new Error('chunk gone')), /chunk gone/],
    [
      'a loader that throws',
      () => {
        throw new Error('sync boom')
      },
      /sync boom/,
    ],
    ['another format', async () => JSON.stringify(['search`0', [], []]), /not a search index of format/],
    ['not JSON', async () => ({ default: '[' }), /not JSON/],
    ['an empty index module', async () => ({ default: null }), /the build wrote none/],
    ['a term that is not a string', async () => JSON.stringify([SEARCH_INDEX_FORMAT, [1], []]), /not a string/],
  ]
  it.each(cases)('%s: logged, and the search answers from the entries', async (_, load, why) => {
    const { registry, log } = registryOf(tools)
    registerSearchIndex(registry, load)
    expect((await searchTools(registry, 'money back')).map(d => d.function.name)).toEqual(['stripe_create_refund'])
    expect(log.of('warn').map(c => c.text)).toEqual([expect.stringMatching(why)])
  })

  // A term out of range, one held twice (it would count twice, and stay behind on removal), a frequency of 0.
  it.each([[[99, 2]], [[0, 2, 0, 2]], [[0, 0]], [[0, 2, 1]]])(
    'a malformed row (%j) is tokenized at run time',
    async tf => {
      const good = JSON.parse(prebuildSearchIndex(tools))
      good[2][0][4] = tf
      const { registry, log } = registryOf(tools)
      registerSearchIndex(registry, async () => JSON.stringify(good))
      expect((await searchTools(registry, 'refund')).map(d => d.function.name)).toEqual(['stripe_create_refund'])
      expect(fromBuild(log.calls)).toContain('0 of 1 tools')
      registry.deregister('stripe_create_refund')
      expect(rankTools(registry, 'refund')).toEqual([])
    },
  )

  it('rankTools before any searchTools builds from the entries and never loads the index', async () => {
    const { registry } = registryOf(tools)
    let loads = 0
    registerSearchIndex(registry, async () => (loads++, prebuildSearchIndex(tools)))
    expect(rankTools(registry, 'refund').map(h => h.name)).toEqual(['stripe_create_refund'])
    await searchTools(registry, 'refund')
    expect(loads).toBe(0)
  })
})

describe('property (fast-check, fixed seed): prebuilt ranking equals run-time ranking', () => {
  const WORDS = [
    'create',
    'delete',
    'list',
    'refund',
    'issue',
    'ticket',
    'user',
    'image',
    'send',
    'message',
    'github',
    'stripe',
    'repo',
    'the',
    'HTTPServer',
    'getUserName',
    'money',
    'back',
    'ñandú',
    '__proto__',
  ]
  const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 6 }).map(w => w.join(' '))
  const ident = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map(w => w.join('_'))
  const tool = fc.record({
    name: ident,
    toolset: fc.constantFrom('a', 'b', 'stripe'),
    description: fc.option(text, { nil: undefined }),
    schema: fc.record(
      {
        description: fc.option(text, { nil: undefined }),
        parameters: fc
          .dictionary(
            ident,
            fc.record({ type: fc.constant('string'), description: fc.option(text, { nil: undefined }) }),
            { maxKeys: 3 },
          )
          .map(properties => ({ type: 'object', properties })),
      },
      { requiredKeys: ['parameters'] },
    ),
  })
  const unique = (list: SearchIndexTool[]) => [...new Map(list.map(t => [t.name, t])).values()]
  const toolsArb = fc.array(tool, { maxLength: 12 }).map(unique)
  type Op = { kind: 'register'; tool: SearchIndexTool } | { kind: 'deregister'; at: number }
  const op: fc.Arbitrary<Op> = fc.oneof(
    tool.map(t => ({ kind: 'register' as const, tool: t })),
    fc.nat(20).map(at => ({ kind: 'deregister' as const, at })),
  )

  // One field of a built tool changed before it registers (its module differs from its scan).
  type Edit = [at: number, field: 'description' | 'schema' | 'paramText' | 'paramName' | 'toolset', text: string]
  const edit: fc.Arbitrary<Edit> = fc.tuple(
    fc.nat(20),
    fc.constantFrom('description', 'schema', 'paramText', 'paramName', 'toolset'),
    text,
  )
  function edited(t: SearchIndexTool, [, field, value]: Edit): SearchIndexTool {
    const props = { ...(t.schema.parameters as { properties: Record<string, { description?: string }> }).properties }
    const first = Object.keys(props)[0] ?? 'p'
    if (field == 'description') return { ...t, description: value }
    if (field == 'schema') return { ...t, schema: { ...t.schema, description: value } }
    if (field == 'toolset') return { ...t, toolset: t.toolset + 'x' }
    if (field == 'paramText') props[first] = { ...props[first], description: value }
    else props[first + value.replace(/\W/g, '')] = props[first] ?? {}
    return { ...t, schema: { ...t.schema, parameters: { type: 'object', properties: props } } }
  }

  const apply = (registry: ToolRegistry, o: Op) => {
    if (o.kind == 'deregister') {
      const names = registry.getAllToolNames()
      if (names.length) registry.deregister(names[o.at % names.length]!)
    } else {
      // Another toolset under a known name is a conflict: replace it instead.
      if (registry.getEntry(o.tool.name)?.toolset !== o.tool.toolset) registry.deregister(o.tool.name)
      registry.register({ ...o.tool, handler: () => '' })
    }
  }

  it('with tools changed, added and removed before and after the first search', async () => {
    await fc.assert(
      fc.asyncProperty(
        toolsArb,
        toolsArb,
        fc.array(edit, { maxLength: 3 }),
        fc.array(op, { maxLength: 10 }),
        fc.array(text, { minLength: 1, maxLength: 4 }),
        async (built, extra, edits, later, queries) => {
          // What runs: most tools as built, some edited, some left out, some new.
          let changed = built
          for (const e of edits)
            if (changed.length) changed = changed.map((t, i) => (i == e[0] % changed.length ? edited(t, e) : t))
          const running = unique([...changed.filter((_, i) => i % 4 != 3), ...extra])
          const ahead = registryOf(running).registry
          const live = registryOf(running).registry
          registerSearchIndex(ahead, async () => prebuildSearchIndex(built))
          for (const q of queries) {
            expect((await searchTools(ahead, q, { limit: 50 })).map(d => d.function.name)).toEqual(
              (await searchTools(live, q, { limit: 50 })).map(d => d.function.name),
            )
            expect(rankTools(ahead, q)).toEqual(rankTools(live, q))
          }
          for (const o of later) {
            apply(ahead, o)
            apply(live, o)
            for (const q of queries) expect(rankTools(ahead, q)).toEqual(rankTools(live, q))
          }
          // Kept current through every change, the index equals one built afresh from the final entries.
          const fresh = registryOf(
            ahead
              .snapshot()
              .map(e => ({ name: e.name, toolset: e.toolset, schema: e.schema, description: e.description })),
          ).registry
          for (const q of queries) expect(rankTools(ahead, q)).toEqual(rankTools(fresh, q))
        },
      ),
      { seed: 20261201, numRuns: 200 },
    )
  })
})

describe('tree-shaking', () => {
  it('registering a loader (what the generated module does) brings no search code into the bundle', async () => {
    const bundle = async (code: string) =>
      (
        await esbuild.build({
          stdin: { contents: code, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'js' },
          bundle: true,
          minify: true,
          format: 'esm',
          write: false,
        })
      ).outputFiles[0]!.text
    const bare = await bundle(`import { registry } from '@toolreg/core'\nglobalThis.r = registry`)
    const loader = await bundle(
      `import { registry, registerSearchIndex } from '@toolreg/core'\nregisterSearchIndex(registry, () => Promise.resolve(''))\nglobalThis.r = registry`,
    )
    const search = await bundle(
      `import { registry, searchTools } from '@toolreg/core'\nglobalThis.r = [registry, searchTools]`,
    )
    for (const marker of ['money back', 'search index', SEARCH_INDEX_FORMAT]) {
      expect(loader).not.toContain(marker)
      expect(search).toContain(marker)
    }
    expect(loader.length - bare.length).toBeLessThan(200)
  })
})
