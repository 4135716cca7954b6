// A real `vite build` of a lazy fixture: the search index written at build time is a chunk of
// its own (not in the entry chunk), the first search in the built bundle (run in a fresh Node
// process, loads observed through module hooks) imports it and uses its documents, and a tool
// module that registers another description than its static scan is searched by its live text,
// whether it loaded before or after the first search.
import { nodeReport } from './helpers/run.js'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import viteToolRegistry from '@toolreg/plugin/vite'

const ROOT = path.resolve(import.meta.dirname, 'fixtures/build-lazy-search')
const RUNNER = path.resolve(import.meta.dirname, 'helpers/search-runner.mjs')

interface Report {
  atStart: string[]
  first: string[]
  firstLoaded: string[]
  dispatched: string
  live: string[]
  stale: string[]
  refund: string[]
  debug: string[]
  warnings: string[]
}

function run(entry: string, outDir: string, mode: 'search-first' | 'load-first'): Promise<Report> {
  return nodeReport<Report>(RUNNER, [entry, outDir, mode], 'TOOLREG_SEARCH')
}

let work: string
let outDir: string
let files: Map<string, string>
/** The output file holding the index: its JSON text starts `["search\`N",[` (quotes escaped or not). */
let indexChunk: string

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'toolreg-lazy-search-'))
  outDir = path.join(work, 'out')
  const { build } = await import('vite')
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'silent',
    plugins: [viteToolRegistry({ lazy: true, dts: false, manifest: false })],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: 'src/main.ts', formats: ['es'], fileName: () => 'main.js' },
    },
  })
  await writeFile(path.join(outDir, 'package.json'), JSON.stringify({ type: 'module' }))
  const names = (await readdir(outDir, { recursive: true })).filter(f => f.endsWith('.js'))
  files = new Map(await Promise.all(names.map(async f => [f, await readFile(path.join(outDir, f), 'utf8')] as const)))
  indexChunk = [...files].filter(([, text]) => /search`\d+\\?",\[/.test(text)).map(([f]) => f)[0] ?? ''
}, 120_000)
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

describe('lazy: true with vite: the search index built at build time', () => {
  it("is a chunk of its own, holding the static definitions' terms, not in the entry chunk", () => {
    expect(indexChunk).not.toBe('')
    expect(indexChunk).not.toBe('main.js')
    expect(files.get('main.js')).not.toMatch(/search`\d+\\?",\[/)
    // The static description's words as terms ("forecast" folds onto "weather"), the handlers elsewhere.
    expect(files.get(indexChunk)).toMatch(/\\?"weather\\?"/)
    expect(files.get(indexChunk)).not.toContain('TIDE static')
  })

  it('is imported by the first search, which uses it; the stale tool is searched by its live text once loaded', async () => {
    const report = await run(path.join(outDir, 'main.js'), outDir, 'search-first')
    expect(report.atStart).toContain('main.js')
    expect(report.atStart).not.toContain(indexChunk)
    // Before its module loads, the tool is what the build saw.
    expect(report.first).toEqual(['tide_tables'])
    expect(report.firstLoaded).toEqual([indexChunk])
    expect(report.debug).toEqual(["toolreg: search index: 2 of 2 tools from the build's index, the others tokenized"])
    expect(report.dispatched).toBe('TIDE live')
    expect(report.live).toEqual(['tide_tables'])
    expect(report.stale).toEqual([])
    expect(report.refund).toEqual(['stripe_create_refund'])
    expect(report.warnings).toEqual([])
  }, 60_000)

  it('leaves out the document of a tool that changed before the first search', async () => {
    const report = await run(path.join(outDir, 'main.js'), outDir, 'load-first')
    expect(report.dispatched).toBe('TIDE live')
    expect(report.first).toEqual(['tide_tables'])
    expect(report.firstLoaded).toEqual([indexChunk])
    expect(report.debug).toEqual(["toolreg: search index: 1 of 2 tools from the build's index, the others tokenized"])
    expect(report.live).toEqual(['tide_tables'])
    expect(report.stale).toEqual([])
    expect(report.refund).toEqual(['stripe_create_refund'])
  }, 60_000)
})
