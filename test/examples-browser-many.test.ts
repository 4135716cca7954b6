// The browser example's many-tools mode (vite.many.config.ts) in headless Chromium under its
// CSP: generated lazy tools, the model offered find_tools and the hand-written tools; a search
// offers what it found, calling it fetches exactly that tool's chunk, and the page lists it.
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir, type LoopbackServer } from './helpers/examples-env.ts'
import { buildBrowserExample, recordPage, serveBuiltPage } from './helpers/browser-example.ts'
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js'

const TOOLS = 120
const skip = skipWithoutChromium('examples-browser-many')

describe.skipIf(skip)('the browser example, many-tools mode', () => {
  let outDir: Awaited<ReturnType<typeof tempDir>>
  let server: LoopbackServer
  let browser: Browser
  let page: Page
  const fetched: string[] = []
  const problems: string[] = []
  let jsFiles: string[] = []

  beforeAll(async () => {
    outDir = await tempDir('browser-many')
    process.env.TOOLREG_MANY_TOOLS = String(TOOLS)
    await buildBrowserExample(outDir.path, 'vite.many.config.ts')
    jsFiles = (await readdir(join(outDir.path, 'assets'))).filter(f => f.endsWith('.js'))
    server = await serveBuiltPage(outDir.path)
    browser = await launchChromium()
    page = await browser.newPage()
    recordPage(page, fetched, problems)
    await page.goto(`${server.origin}/`)
    await page.waitForSelector('body[data-ready="true"]')
  }, 180_000)

  afterAll(async () => {
    delete process.env.TOOLREG_MANY_TOOLS
    await browser?.close()
    await server?.close()
    await outDir?.remove()
  })

  async function ask(text: string): Promise<string> {
    const answers = await page.locator('#log .answer').count()
    await page.fill('#message', text)
    await page.press('#message', 'Enter')
    await page.locator('#log .answer').nth(answers).waitFor()
    return (await page.locator('#log .answer').nth(answers).textContent()) ?? ''
  }
  const listed = () => page.locator('#tool-list li').evaluateAll(items => items.map(i => i.getAttribute('data-tool')))
  /** The chunk holding a generated tool's handler (the entry holds its definition only). */
  const chunkOf = async (name: string) => {
    for (const f of jsFiles) {
      const text = await readFile(join(outDir.path, 'assets', f), 'utf8')
      if (text.includes(name) && text.includes('demo data') && !text.includes('find_tools')) return `/assets/${f}`
    }
    return ''
  }

  it('offers find_tools and the hand-written tools; the generated ones are registered but not loaded', async () => {
    expect(await listed()).toEqual([
      'current_url',
      'find_tools',
      'local_storage_get',
      'local_storage_set',
      'page_title',
      'slugify',
    ])
    const status = await page.textContent('#many-status')
    expect(status).toContain(`${TOOLS + 6} tools registered, ${TOOLS} lazy ones not loaded yet`)
    // One chunk per generated tool, none fetched by the page load.
    const weather = await chunkOf('weather_forecast')
    expect(weather).not.toBe('')
    expect(jsFiles.length).toBeGreaterThan(TOOLS)
    expect(fetched.filter(p => p.endsWith('.js')).length).toBeLessThan(4)
  })

  it('finds tools for a request: exactly their chunks load while the model reads; the call then fetches nothing', async () => {
    const before = fetched.length
    const found = await ask('find tools for a rain forecast in Oslo')
    expect(found).toMatch(/^Found: weather_forecast/)
    const names = found
      .replace(/^Found: /, '')
      .replace(/\.$/, '')
      .split(/,\s*/)
      .map(n => n.trim())
      .filter(Boolean)
    expect(names.length).toBeGreaterThan(1)
    expect(await listed()).toContain('weather_forecast')
    // find_tools preloads the lazy tools it found: one chunk each (the search index's chunk too, on this first search).
    const lazyFound = []
    for (const n of names) if (await chunkOf(n)) lazyFound.push(n)
    expect(lazyFound).toContain('weather_forecast')
    const chunks = await Promise.all(lazyFound.map(n => chunkOf(n)))
    await expect.poll(() => page.locator('#loads li').count()).toBe(lazyFound.length)
    expect(new Set(fetched.slice(before).filter(p => p.endsWith('.js') && !p.includes('search')))).toEqual(
      new Set(chunks),
    )
    expect((await page.locator('#loads li').allTextContents()).map(t => t.replace(/^\+\d+ ms /, '')).sort()).toEqual(
      lazyFound.map(n => `${n} loaded`).sort(),
    )
    const afterFind = fetched.length
    const answer = await ask('weather_forecast {"location":"Oslo","days":"2"}')
    expect(answer).toContain('weather_forecast answered')
    expect(answer).toContain('demo data')
    expect(fetched.slice(afterFind).filter(p => p.endsWith('.js'))).toEqual([])
    expect(await page.textContent('#many-status')).toContain(`${TOOLS - lazyFound.length} lazy ones not loaded yet`)
    expect(problems).toEqual([])
  })
})
