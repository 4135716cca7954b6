// `lazy: true` in a Vite build for the browser, in headless Chromium: the page loads no
// lazy chunk, a tool's first dispatch fetches exactly its module's chunk (network events),
// two concurrent first calls fetch it once, and a chunk whose first fetch fails answers
// with the [TOOL_ERROR] envelope while a later call fetches it again and succeeds. The
// search index written at build time is fetched by the first search only, once.
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import toolRegistry from '@toolreg/plugin/vite'
import { serveLoopback, tempDir, type LoopbackServer } from './helpers/examples-env.ts'
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js'

const ROOT = resolve(import.meta.dirname, 'fixtures/build-lazy')
const skip = skipWithoutChromium('lazy-browser')

describe.skipIf(skip)('lazy tools in Chromium', () => {
  let outDir: Awaited<ReturnType<typeof tempDir>>
  let server: LoopbackServer
  let browser: Browser
  let page: Page
  const chunks = { alpha: '', beta: '', entry: '', index: '' }
  const fetched: string[] = []
  let failNextBeta = true

  beforeAll(async () => {
    outDir = await tempDir('lazy-browser')
    await build({
      root: ROOT,
      configFile: false,
      logLevel: 'silent',
      plugins: [toolRegistry({ lazy: true, dts: false, manifest: false })],
      build: { outDir: outDir.path, emptyOutDir: true },
    })
    const assets = join(outDir.path, 'assets')
    for (const f of await readdir(assets)) {
      const text = await readFile(join(assets, f), 'utf8')
      if (text.includes('HANDLER_ALPHA_MARK')) chunks.alpha = `/assets/${f}`
      if (text.includes('HANDLER_BETA_MARK')) chunks.beta = `/assets/${f}`
      if (text.includes('__toolreg')) chunks.entry = `/assets/${f}`
      // The index's JSON text starts `["search\`N",[` (its quotes escaped or not).
      if (/search`\d+\\?",\[/.test(text)) chunks.index = `/assets/${f}`
    }
    server = await serveLoopback(async (request, response) => {
      const path = new URL(request.url, 'http://x').pathname
      if (path === chunks.beta && failNextBeta) {
        failNextBeta = false
        response.writeHead(503, { 'content-type': 'text/plain' })
        return void response.end('unavailable')
      }
      const file = normalize(join(outDir.path, path === '/' ? 'index.html' : decodeURIComponent(path)))
      if (!file.startsWith(outDir.path + sep) || !existsSync(file)) {
        response.writeHead(404, { 'content-type': 'text/plain' })
        return void response.end('not found')
      }
      response.writeHead(200, { 'content-type': extname(file) === '.html' ? 'text/html' : 'text/javascript' })
      response.end(await readFile(file))
    })
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('request', r => fetched.push(new URL(r.url()).pathname))
    await page.goto(`${server.origin}/`)
    await page.waitForFunction(() => 'registry' in ((globalThis as { __toolreg?: object }).__toolreg ?? {}))
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await outDir?.remove()
  })

  const count = (path: string) => fetched.filter(p => p === path).length
  const call = (calls: [string, unknown][]) =>
    page.evaluate(async list => {
      const { registry } = (
        globalThis as unknown as { __toolreg: { registry: { dispatch(n: string, a: unknown): Promise<unknown> } } }
      ).__toolreg
      return Promise.all(list.map(([name, args]) => registry.dispatch(name, args)))
    }, calls)

  it('splits the handlers out of the page: the initial load fetches neither lazy chunk', () => {
    expect(chunks.alpha).not.toBe('')
    expect(chunks.beta).not.toBe('')
    expect(new Set([chunks.alpha, chunks.beta, chunks.entry]).size).toBe(3)
    expect(count(chunks.entry)).toBe(1)
    expect(count(chunks.alpha)).toBe(0)
    expect(count(chunks.beta)).toBe(0)
    expect(chunks.index).not.toBe('')
    expect(new Set([chunks.alpha, chunks.beta, chunks.entry, chunks.index]).size).toBe(4)
    expect(count(chunks.index)).toBe(0)
  })

  it('the first search fetches the search index once (two concurrent searches share it), and finds by it', async () => {
    const before = fetched.length
    const found = await page.evaluate(async () => {
      type Search = (r: unknown, q: string, o: { limit: number }) => Promise<{ function: { name: string } }[]>
      const { registry, searchTools } = (
        globalThis as unknown as { __toolreg: { registry: unknown; searchTools: Search } }
      ).__toolreg
      const both = await Promise.all([
        searchTools(registry, 'echo back a number', { limit: 1 }),
        searchTools(registry, 'first beta', { limit: 1 }),
      ])
      return both.map(defs => defs.map(d => d.function.name))
    })
    expect(found).toEqual([['alpha'], ['beta_one']])
    expect(fetched.slice(before)).toEqual([chunks.index])
  })

  it('offers the definitions before any handler loaded', async () => {
    const names = await page.evaluate(async () => {
      const { registry } = (
        globalThis as unknown as {
          __toolreg: { registry: { getToolDefinitions(): Promise<{ function: { name: string } }[]> } }
        }
      ).__toolreg
      return (await registry.getToolDefinitions()).map(d => d.function.name)
    })
    expect(names).toEqual(['alpha', 'beta_one', 'beta_two', 'eager_tool'])
  })

  it('two concurrent first calls fetch the chunk once', async () => {
    const before = fetched.length
    expect(
      await call([
        ['alpha', { x: 1 }],
        ['alpha', { x: 2 }],
      ]),
    ).toEqual(['HANDLER_ALPHA_MARK 1', 'HANDLER_ALPHA_MARK 2'])
    expect(fetched.slice(before)).toEqual([chunks.alpha])
    expect(await call([['alpha', { x: 3 }]])).toEqual(['HANDLER_ALPHA_MARK 3'])
    expect(count(chunks.alpha)).toBe(1)
  })

  it('a failed chunk fetch gives the envelope; the next call fetches it again and succeeds', async () => {
    const [failed] = await call([['beta_one', {}]])
    expect(failed).toMatch(
      /^\{"error":"\[TOOL_ERROR\] Tool execution failed: TypeError: Failed to fetch dynamically imported module/,
    )
    expect(count(chunks.beta)).toBe(1)
    expect(
      await call([
        ['beta_one', {}],
        ['beta_two', {}],
      ]),
    ).toEqual(['HANDLER_BETA_MARK one', 'HANDLER_BETA_MARK two'])
    // Fetched again after the failure (the same URL, or a fresh one carrying toolreg-retry).
    expect(fetched.filter(p => p === chunks.beta).length).toBe(2)
  })
})
