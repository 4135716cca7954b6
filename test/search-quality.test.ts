// searchTools on the labelled query set of bench/ (at least 100 requests over the generated
// 5000-tool catalogue): the wanted tool must be in the top 5 for at least 90% of them.
// Quality only: latency is a bench figure (bench/figures/search.mjs), never a test.
import * as core from '@toolreg/core'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain .mjs bench helpers, no types
import { catalogue, CATALOGUE_SIZE } from '../bench/lib/catalogue.mjs'
// @ts-expect-error plain .mjs bench helpers, no types
import { catalogueRegistry, evaluate, HELD_OUT, QUERIES } from '../bench/lib/search-eval.mjs'

interface Query {
  query: string
  want: string[]
}
interface Miss extends Query {
  top: string[]
  rank: number | null
}

describe('searchTools on the labelled query set (bench/search-queries.json)', () => {
  const tools = catalogue() as { name: string; toolset: string; description: string }[]
  const registry = catalogueRegistry(core)

  it('the catalogue is 5000 distinct, deterministic tools and every wanted tool is in it', () => {
    expect(tools).toHaveLength(5000)
    expect(CATALOGUE_SIZE).toBe(5000)
    expect(new Set(tools.map(t => t.name)).size).toBe(5000)
    expect(registry.getAllToolNames()).toHaveLength(5000)
    expect((QUERIES as Query[]).length).toBeGreaterThanOrEqual(100)
    const known = new Set(tools.map(t => t.name))
    const unknown = [...QUERIES, ...HELD_OUT].flatMap((q: Query) => q.want.filter(w => !known.has(w)))
    expect(unknown).toEqual([])
  })

  it("the queries are not copied from the descriptions: no query repeats a wanted tool's description", () => {
    const byName = new Map(tools.map(t => [t.name, t.description.toLowerCase()]))
    for (const q of QUERIES as Query[]) {
      for (const w of q.want) expect(q.query.toLowerCase()).not.toContain(byName.get(w)!.replace(/\.$/, ''))
    }
  })

  it('finds the wanted tool in the top 5 for at least 90% of the labelled queries', async () => {
    const result = (await evaluate(core, registry)) as { total: number; hits: number; misses: Miss[] }
    const misses = result.misses.map(m => `${m.query} → ${m.want.join('/')} (rank ${m.rank})`)
    expect(result.hits / result.total, 'misses:\n' + misses.join('\n')).toBeGreaterThanOrEqual(0.9)
  })
})
