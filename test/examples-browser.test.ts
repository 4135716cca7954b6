// The browser example in headless Chromium: the built page is served by a tiny
// static server (test/helpers/browser-example.ts) that sends the example's Content-Security-Policy (no
// 'unsafe-eval', no inline code; 'wasm-unsafe-eval' for code mode, see
// test/examples-browser-code-mode.test.ts); typing a message shows the tool calls and the
// answer, and the page triggers no CSP violation.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from '../examples/browser-agent/csp.ts'
import { tempDir, type LoopbackServer } from './helpers/examples-env.ts'
import { buildBrowserExample, serveBuiltPage } from './helpers/browser-example.ts'
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js'

// Served beside the page by the test only: a same-origin script that tries eval.
const EVAL_PROBE = `document.body.dataset.evalProbe = (() => { try { return String(eval('6 * 7')) } catch (error) { return error.name } })()`

const skip = skipWithoutChromium('examples-browser')

interface PageProblems {
  violations: { directive: string; blocked: string }[]
  consoleErrors: string[]
  pageErrors: string[]
}

describe.skipIf(skip)('the browser example in Chromium under its CSP', () => {
  let outDir: Awaited<ReturnType<typeof tempDir>>
  let server: LoopbackServer
  let browser: Browser

  beforeAll(async () => {
    outDir = await tempDir('browser')
    await buildBrowserExample(outDir.path)
    server = await serveBuiltPage(outDir.path, { '/__eval-probe.js': EVAL_PROBE })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await outDir?.remove()
  })

  async function openPage(): Promise<{ page: Page; problems: PageProblems }> {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems: PageProblems = { violations: [], consoleErrors: [], pageErrors: [] }
    await page.exposeFunction('__reportViolation', (directive: string, blocked: string) =>
      problems.violations.push({ directive, blocked }),
    )
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', event => {
        ;(window as unknown as { __reportViolation(d: string, b: string): void }).__reportViolation(
          event.violatedDirective,
          event.blockedURI,
        )
      })
    })
    page.on('console', message => {
      if (message.type() === 'error') problems.consoleErrors.push(message.text())
    })
    page.on('pageerror', error => problems.pageErrors.push(String(error)))
    await page.goto(`${server.origin}/`)
    await page.waitForSelector('body[data-ready="true"]')
    return { page, problems }
  }

  async function ask(page: Page, text: string): Promise<void> {
    const answers = await page.locator('#log .answer').count()
    await page.fill('#message', text)
    await page.press('#message', 'Enter')
    await page.locator('#log .answer').nth(answers).waitFor()
  }

  it('serves the policy in the header and in the page, without unsafe-eval', async () => {
    const response = await fetch(`${server.origin}/`)
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    const html = await response.text()
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)
    expect(meta?.[1]).toBe(META_CONTENT_SECURITY_POLICY)
    // 'wasm-unsafe-eval' (WebAssembly for code mode) is the only source expression with "unsafe-eval" in it.
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/(?<!wasm-)unsafe-eval/)
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it('lists the tools, runs a chat with tool calls and answers, with no CSP violation', async () => {
    const { page, problems } = await openPage()
    const listed = await page
      .locator('#tool-list li')
      .evaluateAll(items => items.map(item => item.getAttribute('data-tool')))
    expect(listed).toEqual([
      'current_url',
      'local_storage_get',
      'local_storage_set',
      'page_title',
      'run_code',
      'slugify',
    ])

    await ask(
      page,
      'save colour=teal and recall colour; what is the page title and current url? slugify "Tools at Build Time!"',
    )
    const calls = await page
      .locator('#log .tool-call')
      .evaluateAll(items => items.map(item => [item.getAttribute('data-tool'), item.textContent]))
    expect(calls.map(([tool]) => tool)).toEqual([
      'local_storage_set',
      'local_storage_get',
      'page_title',
      'current_url',
      'slugify',
    ])
    expect(calls[1][1]).toContain('"value":"teal"')
    expect(calls[2][1]).toContain('"title":"toolreg browser agent"')
    expect(calls[3][1]).toContain(`"url":"${server.origin}/"`)
    expect(calls[4][1]).toContain('"slug":"tools-at-build-time"')

    const answer = await page.locator('#log .answer').last().textContent()
    expect(answer).toContain('colour is teal.')
    expect(answer).toContain('This page is titled "toolreg browser agent".')
    expect(answer).toContain('The slug is tools-at-build-time.')
    expect(await page.evaluate(() => localStorage.getItem('agent:colour'))).toBe('teal')

    // The value survives a reload: a new page load, a new registry, the same storage.
    await page.reload()
    await page.waitForSelector('body[data-ready="true"]')
    await ask(page, 'recall colour')
    expect(await page.locator('#log .answer').last().textContent()).toBe('colour is teal.')

    expect(problems).toEqual({ violations: [], consoleErrors: [], pageErrors: [] })
    await page.context().close()
  })

  it('checks arguments before the handler under the CSP: the valibot tool and a JSON Schema tool (@toolreg/core/validate)', async () => {
    const { page, problems } = await openPage()
    const longKey = 'k'.repeat(70)
    await ask(page, `slugify "" and save ${longKey}=v; slugify "Valid Title"`)
    const calls = await page
      .locator('#log .tool-call')
      .evaluateAll(items => items.map(item => [item.getAttribute('data-tool'), item.textContent]))
    expect(calls.map(([tool]) => tool)).toEqual(['slugify', 'local_storage_set', 'slugify'])
    const answer = (await page.locator('#log .answer').last().textContent()) ?? ''
    expect(answer).toMatch(/slugify failed: Invalid arguments for tool slugify: text: /)
    expect(answer).toContain(
      'local_storage_set failed: Invalid arguments for tool local_storage_set: key: String does not match pattern.',
    )
    expect(answer).toContain('The slug is valid-title.')
    expect(await page.evaluate(k => localStorage.getItem('agent:' + k), longKey)).toBeNull()
    expect(problems).toEqual({ violations: [], consoleErrors: [], pageErrors: [] })
    await page.context().close()
  })

  it('really enforces the policy: inline scripts and eval are refused and reported', async () => {
    const { page, problems } = await openPage()
    // What an injection would add: inline code must not run.
    // (An allowed inline script runs synchronously on insertion, so reading right after is enough.)
    const inlineRan = await page.evaluate(() => {
      const script = document.createElement('script')
      script.textContent = 'document.body.dataset.injected = "yes"'
      document.body.append(script)
      return document.body.dataset.injected ?? 'no'
    })
    expect(inlineRan).toBe('no')
    // A same-origin script may load, but its eval must fail ('unsafe-eval' is absent).
    await page.evaluate(() => {
      const script = document.createElement('script')
      script.src = '/__eval-probe.js'
      document.body.append(script)
    })
    await page.waitForSelector('body[data-eval-probe]')
    expect(await page.getAttribute('body', 'data-eval-probe')).toBe('EvalError')
    await expect
      .poll(() => problems.violations.map(v => `${v.directive} ${v.blocked}`))
      .toEqual(expect.arrayContaining(['script-src-elem inline', 'script-src eval']))
    await page.context().close()
  })
})
