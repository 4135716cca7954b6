// The Vite dev server with a real page in headless Chromium: every save of a tool file
// updates the page's registry without a reload; a collision shows the overlay and keeps
// the last good registry; fixing it clears the overlay.
import { cp, mkdir, mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import type { Browser, Page } from 'playwright-core'
import toolRegistry from '@toolreg/plugin/vite'
import { launchChromium, skipWithoutChromium } from './helpers/chromium.js'

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/dev-app')
// The package dir of @toolreg/core (its "exports" hide package.json): dist/index.js → ..
const CORE_DIR = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@toolreg/core')), '..')
const skip = skipWithoutChromium('dev-browser')

declare global {
  interface Window {
    registry: import('@toolreg/core').ToolRegistry
    __token?: string
    /** `Date.now()` at the registry's last change event. */
    __changedAt?: number
  }
}

let tmp: string
let server: ViteDevServer
let browser: Browser
let page: Page
const latencies: number[] = []
/** Registry rejections logged in the page (a colliding update that was applied). */
const rejections: string[] = []
/** The page's console (Vite's HMR client logs each update), shown when an update never lands. */
const pageLog: string[] = []

/**
 * Save like an editor's atomic write: the whole content appears at once (a plain write is
 * a truncate then a write, two changes with a moment of an empty file in between).
 */
async function save(file: string, content: string) {
  const staging = path.join(tmp, `.staging-${path.basename(file)}`)
  await writeFile(staging, content)
  await rename(staging, path.join(tmp, file))
}

const tool = (name: string, description: string, toolset = 'demo') => `import { registry } from '@toolreg/core'

registry.register({
  name: ${JSON.stringify(name)},
  toolset: ${JSON.stringify(toolset)},
  schema: { description: ${JSON.stringify(description)} },
  handler: () => ${JSON.stringify(name)},
})
`

const names = () => page.evaluate(() => window.registry.getAllToolNames())

/** Write, then wait until the page's registry holds exactly `expected`; records the latency. */
async function expectNames(expected: string[], change: () => Promise<void>) {
  // Wall clock on both sides (one machine): from the write to the registry's last change.
  const started = Date.now()
  await change()
  await page
    .waitForFunction(
      want => JSON.stringify(window.registry.getAllToolNames()) === JSON.stringify(want),
      [...expected].sort(),
      {
        timeout: 30_000,
        polling: 10,
      },
    )
    .catch(async (error: unknown) => {
      // What the page went through, to tell a lost update from a slow one.
      const now = await names().catch(() => 'unreadable')
      const overlay = await overlayText().catch(() => 'unreadable')
      throw new Error(
        `${String(error)}\nregistry now: ${JSON.stringify(now)}\noverlay: ${overlay}\npage console:\n${pageLog.join('\n')}`,
      )
    })
  latencies.push((await page.evaluate(() => window.__changedAt ?? 0)) - started)
  // The rendered list follows the registry.
  await expect
    .poll(() => page.locator('#tools li').allTextContents(), { timeout: 10_000 })
    .toEqual([...expected].sort())
}

/** A copy of the fixture in a temp dir, served on loopback. `prepare` may edit it first. */
async function startServer(prepare?: (dir: string) => Promise<void>): Promise<{ tmp: string; server: ViteDevServer }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'toolreg-dev-browser-'))
  await cp(FIXTURE, dir, { recursive: true })
  await mkdir(path.join(dir, 'node_modules/@toolreg'), { recursive: true })
  await symlink(CORE_DIR, path.join(dir, 'node_modules/@toolreg/core'), 'dir')
  await prepare?.(dir)
  const dev = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    cacheDir: path.join(dir, '.vite'),
    plugins: [toolRegistry()],
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: 0, fs: { allow: [dir, CORE_DIR] } },
  })
  await dev.listen()
  if (!dev.resolvedUrls?.local[0]) throw new Error('the dev server has no local URL')
  return { tmp: dir, server: dev }
}

const overlayText = () =>
  page.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? null)

describe.skipIf(skip)('vite dev server in Chromium', () => {
  beforeAll(async () => {
    ;({ tmp, server } = await startServer())
    const url = server.resolvedUrls!.local[0]!
    browser = await launchChromium()
    page = await browser.newPage()
    page.on('console', message => {
      pageLog.push(`${message.type()}: ${message.text()}`)
      if (message.text().includes('REJECTED')) rejections.push(message.text())
    })
    await page.goto(url)
    await page.waitForFunction(() => window.registry?.getAllToolNames().length === 2, undefined, { timeout: 30_000 })
    await page.evaluate(() => {
      window.__token = 'before-edits'
      window.registry.subscribe(() => (window.__changedAt = Date.now()))
    })
  })

  afterAll(async () => {
    if (latencies.length > 0) {
      // Measured, never asserted.
      const sorted = [...latencies].sort((a, b) => a - b)
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(0)
      console.info(
        `dev: file write → registry updated in the page over ${sorted.length} edits: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
      )
    }
    await browser?.close()
    await server?.close()
    if (tmp) await rm(tmp, { recursive: true, force: true })
  })

  it('shows the tools of the fixture', async () => {
    expect(await names()).toEqual(['clock', 'echo'])
  })

  it('adds a tool when a file is added', async () => {
    await expectNames(['clock', 'echo', 'weather'], () => save('tools/weather.ts', tool('weather', 'Weather now')))
  })

  it('shows an edited description in getDefinitions', async () => {
    await save('tools/weather.ts', tool('weather', 'Weather for the next hours'))
    await page.waitForFunction(
      async () =>
        (await window.registry.getDefinitions(['weather']))[0]?.function.description === 'Weather for the next hours',
      undefined,
      { timeout: 30_000, polling: 50 },
    )
    // A save may arrive as two changes (truncate, write): the second update passes through
    // a moment without the tool, so wait for the registry to settle.
    await expect.poll(names, { timeout: 30_000 }).toEqual(['clock', 'echo', 'weather'])
  })

  it('renames a tool: the old name is gone', async () => {
    await expectNames(['clock', 'echo', 'forecast'], () => save('tools/weather.ts', tool('forecast', 'Forecast')))
  })

  it('applies every save of a quick series of edits', async () => {
    // Each save follows as soon as the page shows the previous one, often within 50 ms of
    // the previous save's watcher event: Vite's watcher drops such a change event, and
    // before the plugin looked at the file again that save never reached the page.
    // Also the edits the write → registry latency is measured on.
    for (let i = 1; i <= 20; i++) {
      await expectNames(['clock', 'echo', `forecast_${i}`], () =>
        save('tools/weather.ts', tool(`forecast_${i}`, `Forecast ${i}`)),
      )
    }
    await expectNames(['clock', 'echo', 'forecast'], () => save('tools/weather.ts', tool('forecast', 'Forecast')))
  })

  it('applies atomic saves staged inside the tool dir, renamed tools leave no stale entry', async () => {
    // Many editors write a temp file next to the file, then rename it over the file: the
    // temp file's add can make the virtual module re-import the file before its own update.
    const staged = async (name: string) => {
      await writeFile(path.join(tmp, 'tools/.staged.ts.tmp'), tool(name, `Staged ${name}`))
      await rename(path.join(tmp, 'tools/.staged.ts.tmp'), path.join(tmp, 'tools/staged.ts'))
    }
    for (let i = 0; i <= 3; i++)
      await expectNames(['clock', 'echo', 'forecast', `staged_${i}`], () => staged(`staged_${i}`))
    await expectNames(['clock', 'echo', 'forecast'], () => unlink(path.join(tmp, 'tools/staged.ts')))
  })

  it('renames a tool file: the tool stays, with its new source', async () => {
    await rename(path.join(tmp, 'tools/weather.ts'), path.join(tmp, 'tools/forecast.ts'))
    await page.waitForFunction(
      () => window.registry.getEntry('forecast')?.source?.startsWith('tools/forecast.ts:'),
      undefined,
      {
        timeout: 30_000,
      },
    )
    // Give a late `unlink` handling the chance to do harm, then check nothing was lost.
    await expect.poll(() => names(), { timeout: 10_000 }).toEqual(['clock', 'echo', 'forecast'])
    expect(await page.evaluate(() => window.registry.getEntry('forecast')?.source)).toBe('tools/forecast.ts:3:1')
  })

  it('deletes a tool when its file is deleted', async () => {
    await expectNames(['clock', 'echo'], () => unlink(path.join(tmp, 'tools/forecast.ts')))
  })

  it('every field of a tool survives an edit, also when the new version throws; toolNames and manifest follow', async () => {
    const rich = (
      description: string,
      toolset: string,
      blankLines: number,
      throwsBeforeSecond = false,
    ) => `import { registry } from '@toolreg/core'
${'\n'.repeat(blankLines)}
registry.register({
  name: 'rich',
  toolset: ${JSON.stringify(toolset)},
  description: ${JSON.stringify(description)},
  emoji: '🌦',
  isAsync: true,
  requiresEnv: ['RICH_KEY'],
  maxResultSizeChars: 123,
  schema: { description: 'schema text' },
  handler: async () => 'rich',
})
${throwsBeforeSecond ? "throw new Error('rich.ts broke while loading')\n" : ''}registry.register({ name: 'rich_b', toolset: ${JSON.stringify(toolset)}, description: 'B ' + ${JSON.stringify(description)}, emoji: '🅱', schema: {}, handler: () => 'b' })
`
    const entry = (name: string) =>
      page.evaluate(n => {
        const e = window.registry.getEntry(n)
        return (
          e && {
            description: e.description,
            emoji: e.emoji,
            isAsync: e.isAsync,
            toolset: e.toolset,
            source: e.source,
            requiresEnv: [...e.requiresEnv],
            max: e.maxResultSizeChars,
          }
        )
      }, name)
    let fresh = 0
    // A string: vitest would rewrite an `import()` inside a function into its own helper.
    type Virtual = { toolNames: string[]; rich?: { name: string | null } }
    const virtual = (): Promise<Virtual> =>
      page.evaluate(`import('/src/read-manifest.ts?fresh=${++fresh}').then((m) => ({
        toolNames: [...m.toolNames],
        rich: m.manifest.tools.find((t) => t.name === 'rich'),
      }))`)

    await expectNames(['clock', 'echo', 'rich', 'rich_b'], () => save('tools/rich.ts', rich('First', 'weather', 0)))
    expect(await entry('rich')).toEqual({
      description: 'First',
      emoji: '🌦',
      isAsync: true,
      toolset: 'weather',
      source: 'tools/rich.ts:3:1',
      requiresEnv: ['RICH_KEY'],
      max: 123,
    })

    await save('tools/rich.ts', rich('Second', 'forecasts', 2))
    await expect
      .poll(() => entry('rich'), { timeout: 30_000 })
      .toEqual({
        description: 'Second',
        emoji: '🌦',
        isAsync: true,
        toolset: 'forecasts',
        source: 'tools/rich.ts:5:1',
        requiresEnv: ['RICH_KEY'],
        max: 123,
      })
    expect(await entry('rich_b')).toMatchObject({ description: 'B Second', emoji: '🅱', toolset: 'forecasts' })
    await expect.poll(virtual, { timeout: 30_000 }).toEqual({
      toolNames: ['clock', 'echo', 'rich', 'rich_b'],
      rich: { name: 'rich', toolset: 'forecasts', file: 'tools/rich.ts', line: 5, column: 1 },
    })

    // The new version registers `rich` again, then throws: both tools keep every field.
    await save('tools/rich.ts', rich('Third', 'forecasts', 2, true))
    await expect
      .poll(() => entry('rich'), { timeout: 30_000 })
      .toMatchObject({ description: 'Third', emoji: '🌦', isAsync: true, requiresEnv: ['RICH_KEY'], max: 123 })
    expect(await entry('rich_b')).toMatchObject({ description: 'B Second', emoji: '🅱', toolset: 'forecasts' })
    expect(await names()).toEqual(['clock', 'echo', 'rich', 'rich_b'])

    await expectNames(['clock', 'echo'], () => unlink(path.join(tmp, 'tools/rich.ts')))
    await expect.poll(virtual, { timeout: 30_000 }).toEqual({ toolNames: ['clock', 'echo'], rich: undefined })
  })

  it('never reloaded the page', async () => {
    expect(await page.evaluate(() => window.__token)).toBe('before-edits')
  })

  it('shows TR001 in the overlay and keeps the last good registry', async () => {
    await save('tools/echo_again.ts', tool('echo', 'Echo, again', 'util'))
    await expect.poll(overlayText, { timeout: 30_000 }).toMatch(/TR001/)
    const text = (await overlayText())!
    expect(text).toContain('tools/echo.ts')
    expect(text).toContain('tools/echo_again.ts')
    expect(await names()).toEqual(['clock', 'echo'])
    expect(await page.evaluate(() => window.registry.getEntry('echo')?.source)).toBe('tools/echo.ts:3:1')
  })

  it('clears the overlay when fixed and applies the pending update', async () => {
    await expectNames(['clock', 'echo', 'echo_again'], () =>
      save('tools/echo_again.ts', tool('echo_again', 'Echo, again', 'util')),
    )
    await expect.poll(overlayText, { timeout: 30_000 }).toBeNull()
    expect(await page.evaluate(() => window.__token)).toBe('before-edits')
  })

  it('withholds the update of an edited file while it collides: no tool is lost', async () => {
    await save('tools/clock.ts', tool('echo', 'A clock that says echo', 'time'))
    await expect.poll(overlayText, { timeout: 30_000 }).toMatch(/TR001/)
    expect(await overlayText()).toContain('tools/clock.ts')
    // Applied, the update would run clock.ts's dispose (clock gone) and be rejected (REJECTED
    // log). Nothing must happen: give a wrongly applied update time to arrive, then look.
    await new Promise(resolve => setTimeout(resolve, 1500))
    expect(await names()).toEqual(['clock', 'echo', 'echo_again'])
    expect(rejections).toEqual([])
  })

  it('withholds a syntax error (TR004) the same way, then applies the fix', async () => {
    await save(
      'tools/clock.ts',
      "import { registry } from '@toolreg/core'\n\nregistry.register({ name: 'clock',,, })\n",
    )
    await expect.poll(overlayText, { timeout: 30_000 }).toMatch(/TR004/)
    await new Promise(resolve => setTimeout(resolve, 1500))
    expect(await names()).toEqual(['clock', 'echo', 'echo_again'])
    await expectNames(['echo', 'echo_again', 'time_now'], () =>
      save('tools/clock.ts', tool('time_now', 'Time', 'time')),
    )
    await expect.poll(overlayText, { timeout: 30_000 }).toBeNull()
    expect(await page.evaluate(() => window.registry.getEntry('time_now')?.source)).toBe('tools/clock.ts:3:1')
    expect(rejections).toEqual([])
    expect(await page.evaluate(() => window.__token)).toBe('before-edits')
  })

  it('a page opened while in error shows the overlay and the last good registry; the fix clears it', async () => {
    const expected = await names()
    await save('tools/dup.ts', tool('echo', 'Echo once more', 'util'))
    await expect.poll(overlayText, { timeout: 30_000 }).toMatch(/TR001/)
    const late = await browser.newPage()
    const lateOverlay = () =>
      late.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? null)
    try {
      await late.goto(server.resolvedUrls!.local[0]!)
      await expect
        .poll(lateOverlay, { timeout: 30_000 })
        .toMatch(/TR001[\s\S]*tools\/dup\.ts|tools\/dup\.ts[\s\S]*TR001/)
      await late.waitForFunction(
        want => JSON.stringify(window.registry?.getAllToolNames()) === JSON.stringify(want),
        expected,
        {
          timeout: 30_000,
        },
      )
      await unlink(path.join(tmp, 'tools/dup.ts'))
      await expect.poll(lateOverlay, { timeout: 30_000 }).toBeNull()
      await expect.poll(overlayText, { timeout: 30_000 }).toBeNull()
      await late.waitForFunction(
        want => JSON.stringify(window.registry?.getAllToolNames()) === JSON.stringify(want),
        expected,
        {
          timeout: 30_000,
        },
      )
      expect(await names()).toEqual(expected)
      expect(await page.evaluate(() => window.__token)).toBe('before-edits')
    } finally {
      await late.close()
    }
  })
})

describe.skipIf(skip)('vite dev server started with a collision', () => {
  let dir: string
  let dev: ViteDevServer
  let chrome: Browser

  beforeAll(async () => {
    ;({ tmp: dir, server: dev } = await startServer(root =>
      writeFile(path.join(root, 'tools/echo_copy.ts'), tool('echo', 'Echo copy', 'util')),
    ))
    chrome = await launchChromium()
  })

  afterAll(async () => {
    await chrome?.close()
    await dev?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('serves the error to the page, and reloads it once fixed', async () => {
    const tab = await chrome.newPage()
    const overlay = () =>
      tab.evaluate(() => document.querySelector('vite-error-overlay')?.shadowRoot?.textContent ?? null)
    const failed = tab.waitForResponse(response => response.url().includes('virtual:tool-registry'), {
      timeout: 30_000,
    })
    await tab.goto(dev.resolvedUrls!.local[0]!)
    expect((await failed).status()).toBe(500)
    await expect.poll(overlay, { timeout: 30_000 }).toMatch(/TR001/)
    expect(await overlay()).toContain('tools/echo_copy.ts')
    expect(await tab.evaluate(() => typeof window.registry)).toBe('undefined')
    await writeFile(path.join(dir, 'tools/echo_copy.ts'), tool('echo_copy', 'Echo copy', 'util'))
    await tab.waitForFunction(
      () => JSON.stringify(window.registry?.getAllToolNames()) === JSON.stringify(['clock', 'echo', 'echo_copy']),
      undefined,
      { timeout: 30_000 },
    )
    await expect.poll(overlay, { timeout: 30_000 }).toBeNull()
  })
})
