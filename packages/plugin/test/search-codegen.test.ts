// The search index of a lazy build (src/codegen/search-index.ts): written at build time by
// @toolreg/core's own indexer from the scan's static definitions, it must describe exactly
// the entries registerLazyTable registers from the same scan, for the whole bench catalogue.
import * as core from '@toolreg/core'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: plain JS of the bench, no types
import { catalogue } from '../../../bench/lib/catalogue.mjs'
// @ts-expect-error: plain JS of the bench, no types
import { HELD_OUT, QUERIES } from '../../../bench/lib/search-eval.mjs'
import { lazyTable } from '../src/codegen/lazy-table.js'
import { generateSearchIndexModule, searchIndexModuleId, searchIndexRegistration } from '../src/codegen/search-index.js'
import type { FileScan, LazyTool } from '../src/types.js'
import { parseCompanionId } from '../src/codegen/companion-ids.js'

const moduleOf = (tools: LazyTool[], file = 'tools/x.ts', sourceHash = 'h') =>
  ({ file, sourceHash, sites: [], lazy: { lazy: true, tools } }) as unknown as FileScan
/** What the generated module's default export is, as JS reads it. */
const exported = (code: string): unknown => new Function(code.replace('export default ', 'return '))()

interface CatalogueTool {
  name: string
  toolset: string
  description: string
  parameters: Record<string, unknown>
}
// The catalogue as 50 tool modules of 100 tools, some with a spec description apart from the schema's.
const tools = (catalogue() as CatalogueTool[]).map(
  (t, i): LazyTool => ({
    name: t.name,
    toolset: t.toolset,
    schema: { description: t.description, parameters: t.parameters },
    ...(i % 7 == 0 ? { description: 'Spec text for ' + t.name.replace(/_/g, ' ') } : {}),
  }),
)
const modules = Array.from({ length: 50 }, (_, m) => moduleOf(tools.slice(m * 100, m * 100 + 100), `tools/m${m}.ts`))

describe('the build-time search index', () => {
  it('holds a document for every lazy tool that matches its registered entry, and ranks as the run-time index', async () => {
    const code = generateSearchIndexModule({ toolModules: modules }, core.prebuildSearchIndex)
    const debug: string[] = []
    const logger = { ...console, debug: (text: string) => void debug.push(text) }
    const ahead = new core.ToolRegistry({ logger })
    const live = new core.ToolRegistry({ logger })
    const table = JSON.parse(JSON.stringify(lazyTable(modules)))
    core.registerLazyTable(ahead, table, async () => ({}))
    core.registerLazyTable(live, table, async () => ({}))
    core.registerSearchIndex(ahead, async () => ({ default: exported(code) }))
    await core.searchTools(ahead, 'warm up')
    expect(debug).toEqual(["toolreg: search index: 5000 of 5000 tools from the build's index, the others tokenized"])
    for (const { query } of [...QUERIES, ...HELD_OUT] as { query: string }[])
      expect(core.rankTools(ahead, query)).toEqual(core.rankTools(live, query))
  })

  it('is an empty module when no indexer could be loaded', () => {
    expect(exported(generateSearchIndexModule({ toolModules: modules }, undefined))).toBeNull()
  })

  it('has a companion id of its own, new when a lazy file changes, imported only through import()', () => {
    const id = searchIndexModuleId(modules)
    expect(parseCompanionId(id)).toEqual({ kind: 'search' })
    expect(parseCompanionId('\0' + id)).toEqual({ kind: 'search' })
    expect(searchIndexModuleId(modules)).toBe(id)
    expect(searchIndexModuleId([...modules.slice(1), moduleOf([], 'tools/m0.ts', 'changed')])).not.toBe(id)
    const lines = searchIndexRegistration(id)
    expect(lines).toContain(`import(${JSON.stringify(id)})`)
    expect(lines).not.toMatch(/import\s+[^(]*virtual:tool-registry:search/)
  })
})
