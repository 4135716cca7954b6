// The browser example's code mode in headless Chromium under its CSP (core README, "Code
// mode"): the built page registers run_code, whose program runs in QuickJS compiled to
// WebAssembly inside a module Web Worker and calls the page's tools through dispatch. The
// worker (QuickJS with it) is a bundle of its own, fetched on the first code run only; a
// hostile program ends as a [CODE_ERROR] answer, the page stays responsive while it runs,
// and goes on working after.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../examples/browser-agent/csp.ts'
import { tempDir, type LoopbackServer } from './helpers/examples-env.ts'
import { buildBrowserExample, recordPage, serveBuiltPage } from './helpers/browser-example.ts'
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js'

const skip = skipWithoutChromium('examples-browser-code-mode')

// Two toolsets, four calls; the returned object is the answer.
const PROGRAM = [
  "await tools.storage.local_storage_set({ key: 'colour', value: 'teal' })",
  "const { value } = await tools.storage.local_storage_get({ key: 'colour' })",
  'const { title } = await tools.page.page_title()',
  'const { slug } = await tools.text.slugify({ text: title })',
  "console.log('slug is', slug)",
  'return { value, title, slug, calls: 4 }',
].join('; ')

describe.skipIf(skip)('the browser example, code mode in Chromium', () => {
  let outDir: Awaited<ReturnType<typeof tempDir>>
  let server: LoopbackServer
  let browser: Browser
  let page: Page
  const fetched: string[] = []
  const problems: string[] = []

  beforeAll(async () => {
    outDir = await tempDir('browser-code')
    await buildBrowserExample(outDir.path)
    server = await serveBuiltPage(outDir.path)
    browser = await launchChromium()
    page = await browser.newPage()
    await page.exposeFunction('__reportViolation', (directive: string) => problems.push(`CSP ${directive}`))
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', event =>
        (window as unknown as { __reportViolation(d: string): void }).__reportViolation(event.violatedDirective),
      )
    })
    recordPage(page, fetched, problems)
    await page.goto(`${server.origin}/`)
    await page.waitForSelector('body[data-ready="true"]')
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await outDir?.remove()
  })

  /** Sends a message; resolves with the answer and how long it took (ms). */
  async function ask(text: string): Promise<{ answer: string; ms: number }> {
    const answers = await page.locator('#log .answer').count()
    await page.fill('#message', text)
    const started = Date.now()
    await page.press('#message', 'Enter')
    await page.locator('#log .answer').nth(answers).waitFor({ timeout: 20_000 })
    const ms = Date.now() - started
    return { answer: (await page.locator('#log .answer').nth(answers).textContent()) ?? '', ms }
  }
  const lastCall = () => page.locator('#log .tool-call').last()
  const wasmFetches = () => fetched.filter(p => p.endsWith('.wasm'))

  it('allows WebAssembly compilation and nothing more: no unsafe-eval', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find(d => d.startsWith('script-src '))
    expect(scriptSrc?.split(' ')).toEqual(['script-src', "'self'", "'wasm-unsafe-eval'"])
  })

  it('keeps QuickJS out of the first chunk: one .wasm file and a worker bundle loaded on the first code run', async () => {
    const assets = join(outDir.path, 'assets')
    const files = await readdir(assets)
    const wasm = files.filter(f => f.endsWith('.wasm'))
    expect(wasm).toHaveLength(1) // the release-sync variant only
    const html = await readFile(join(outDir.path, 'index.html'), 'utf8')
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1]
    expect(entry).toBeDefined()
    // The chunks holding QuickJS: its FFI names (QTS_…) or the .wasm file's URL.
    const quickjs: string[] = []
    for (const f of files.filter(f => f.endsWith('.js'))) {
      const text = await readFile(join(assets, f), 'utf8')
      if (text.includes('QTS_') || text.includes(wasm[0])) quickjs.push(f)
    }
    expect(quickjs).not.toContain(entry)
    // The module worker (src/code-worker.ts, with src/quickjs.ts and quickjs-emscripten's loader),
    // which only the entry's `new Worker(new URL(…))` names.
    expect(quickjs).toEqual([expect.stringMatching(/^code-worker-[\w-]+\.js$/)])
    expect(await readFile(join(assets, entry!), 'utf8')).toContain(quickjs[0])
    const size = async (f: string) => (await stat(join(assets, f))).size
    const sizes = await Promise.all([entry!, ...quickjs, ...wasm].map(async f => `${f} ${await size(f)} B`))
    console.info(`code-mode build: entry, QuickJS chunks, wasm: ${sizes.join(', ')}`)
    // Loading the page fetched none of it.
    expect(wasmFetches()).toEqual([])
    expect(fetched.filter(p => quickjs.some(f => p.endsWith(f)))).toEqual([])
  })

  it('offers run_code with the typed API of the page tools', async () => {
    const listed = await page.locator('#tool-list li').evaluateAll(items => items.map(i => i.getAttribute('data-tool')))
    expect(listed).toContain('run_code')
    const api = (await page.textContent('#code-api')) ?? ''
    expect(api).toContain('declare const tools: {')
    expect(api).toMatch(/page_title\(args\?: Record<string, unknown>\): Promise<\{\s+title: string\s+\}>/)
    expect(api).toMatch(/slugify\(args: \{\s+text: string\s+\}\): Promise<\{\s+slug: string\s+\}>/)
    expect(api).not.toContain('run_code')
  })

  it('runs a program that calls tools of two toolsets and answers its JSON value', async () => {
    const { answer, ms } = await ask(`run code: ${PROGRAM}`)
    const status = (await page.textContent('#code-status')) ?? ''
    console.info(`first code-mode run: ${ms} ms from Enter to answer; page says "${status}"`)
    expect(status).toMatch(/^code worker #1 started \(QuickJS in WebAssembly\): its first run answered in \d+ ms$/)
    const result = { value: 'teal', title: 'toolreg browser agent', slug: 'toolreg-browser-agent', calls: 4 }
    expect(answer).toBe(`The code returned ${JSON.stringify(result)}.\nIts console said: slug is toolreg-browser-agent`)
    expect(await lastCall().getAttribute('data-tool')).toBe('run_code')
    expect(await lastCall().textContent()).toContain(
      `→ ${JSON.stringify({ result, console: 'slug is toolreg-browser-agent\n' })}`,
    )
    // The tool really ran in the page: the program's write is in localStorage.
    expect(await page.evaluate(() => localStorage.getItem('agent:colour'))).toBe('teal')
    expect(wasmFetches()).toHaveLength(1) // fetched by the worker
    expect(fetched.filter(p => p.includes('/code-worker-'))).toHaveLength(1)

    // The sandbox sees none of the page; a second run reuses the compiled module.
    const probe = await ask(
      'run code: return [typeof window, typeof document, typeof fetch, typeof localStorage, typeof setTimeout]',
    )
    expect(probe.answer).toBe('The code returned ["undefined","undefined","undefined","undefined","undefined"].')
    console.info(`second code-mode run: ${probe.ms} ms`)
    expect(wasmFetches()).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('keeps the page responsive while while (true) {} runs in the worker; it ends at the time limit', async () => {
    // A requestAnimationFrame counter, and a trivial evaluate every 50 ms while the loop runs:
    // on the main thread (before the worker) neither would move until the deadline.
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number }
      w.__frames = 0
      const tick = () => void (w.__frames++, requestAnimationFrame(tick))
      requestAnimationFrame(tick)
    })
    const frames = () => page.evaluate(() => (window as unknown as { __frames: number }).__frames)
    const running = ask('run code: while (true) {}')
    let over = false
    void running.finally(() => (over = true))
    const latencies: number[] = []
    const before = await frames()
    await new Promise(resolve => setTimeout(resolve, 300)) // the run has started
    while (!over) {
      const started = Date.now()
      await page.evaluate(() => 1 + 1)
      if (!over) latencies.push(Date.now() - started)
      await new Promise(resolve => setTimeout(resolve, 50))
    }
    const after = await frames()
    const loop = await running
    const worst = Math.max(...latencies)
    console.info(
      `while (true) {} stopped after ${loop.ms} ms; during it ${latencies.length} evaluates answered in at most ${worst} ms, ${after - before} frames drawn`,
    )
    expect(loop.answer).toBe('run_code failed: [CODE_ERROR] time limit exceeded: the run took over 5000 ms (timeMs)')
    expect(loop.ms).toBeGreaterThanOrEqual(4900)
    expect(loop.ms).toBeLessThan(10_000)
    expect(latencies.length).toBeGreaterThanOrEqual(20)
    expect(worst).toBeLessThan(200)
    expect(after - before).toBeGreaterThanOrEqual(20)
    // QuickJS stopped the loop itself: the same warm worker runs the next program (a terminated
    // one would have been replaced by worker #2, and the status would say so).
    expect((await ask('run code: return 6 * 7')).answer).toBe('The code returned 42.')
    expect(await page.textContent('#code-status')).toMatch(/^code worker #1 started/)
    expect(fetched.filter(p => p.includes('/code-worker-'))).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('ends hostile programs as [CODE_ERROR] answers; the page stays alive and later runs work', async () => {
    const breakout = await ask('run code: return this.constructor.constructor("return window")()')
    expect(breakout.answer).toMatch(/^run_code failed: \[CODE_ERROR\] ReferenceError: 'window' is not defined/)

    const caught = await ask(
      "run code: try { await tools.text.slugify({ text: '' }) } catch (e) { return 'caught: ' + e.message.split(':')[0] }",
    )
    expect(caught.answer).toBe('The code returned "caught: Invalid arguments for tool slugify".')

    // A plain chat and another program still work on the same page.
    expect((await ask('what is the page title?')).answer).toBe('This page is titled "toolreg browser agent".')
    const again = await ask(
      "run code: return (await tools.page.current_url()).path + ' ' + (await tools.storage.local_storage_get({ key: 'colour' })).value",
    )
    expect(again.answer).toBe('The code returned "/ teal".')
    expect(await page.evaluate(() => document.body.dataset.ready)).toBe('true')
    expect(problems).toEqual([])
  })
})
