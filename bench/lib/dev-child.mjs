// Child process: Vite dev server with the plugin + headless Chromium; time from a tool
// file write to the registry update seen in the page.
//   node bench/lib/dev-child.mjs <project> <tools> <iterations> <warmup> [--plugin-dir DIR]
// The page (src/dev-entry.ts) subscribes to the registry and logs each `register` event
// with the tool's description and `performance.timeOrigin + performance.now()`; the write
// time is the same clock in Node, taken just before `writeFile`. Prints one JSON line.
import { writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { toolFile, toolName, toolSource } from './generate.mjs'
import { importFrom } from './resolve.mjs'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs'

const [projectArg, toolsArg, itersArg, warmupArg, ...rest] = process.argv.slice(2)
const pluginDir = rest[0] === '--plugin-dir' ? rest[1] : undefined
const root = resolve(projectArg)
const tools = Number(toolsArg)
const iterations = Number(itersArg)
const warmup = Number(warmupArg)
const WAIT_MS = 15_000

const epochNow = () => performance.timeOrigin + performance.now()
const touched = new Set()
let server
let browser
const out = { tools, iterations, warmup, latenciesMs: [], observedMs: [], reloads: 0, pageLoadMs: null }
try {
  const { createServer } = await import('vite')
  const { chromium } = await import('playwright-core')
  const plugin = pluginDir
    ? await import(pathToFileURL(join(resolve(pluginDir), 'dist/vite.js')).href)
    : await importFrom(root, '@toolreg/plugin/vite')
  server = await createServer({
    root,
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    plugins: [plugin.default()],
    server: { host: '127.0.0.1', port: 20_000 + Math.floor(Math.random() * 20_000), strictPort: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  })
  await server.listen()
  const url = server.resolvedUrls.local[0]
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS })
  const page = await browser.newPage()
  const pageErrors = []
  page.on('pageerror', error => pageErrors.push(String(error)))
  const loadStart = performance.now()
  await page.goto(url, { timeout: 180_000 })
  try {
    await page.waitForFunction(n => document.getElementById('count')?.textContent === String(n), tools, {
      timeout: 180_000,
      polling: 100,
    })
  } catch {
    const shown = await page.evaluate(() => document.getElementById('count')?.textContent).catch(() => '?')
    throw new Error(
      `page shows ${shown} tools, expected ${tools}${pageErrors.length ? `; page errors: ${pageErrors.join('; ').slice(0, 300)}` : ''}`,
    )
  }
  out.pageLoadMs = performance.now() - loadStart
  let bootId = await page.evaluate(() => window.__toolregBootId)

  // Full page reloads of a large page take seconds each: when the warm-up shows them,
  // fewer edits are enough to tell the story.
  let planned = warmup + iterations
  for (let k = 0; k < planned; k++) {
    if (k === warmup && out.reloads > 0 && iterations > 10) {
      planned = warmup + 10
      out.iterations = 10
      out.reducedBecauseOfReloads = true
    }
    const i = (k * 7919 + 13) % tools
    const name = toolName(i)
    const description = `edited ${k} at ${Date.now()}`
    touched.add(i)
    const writtenAt = epochNow()
    await writeFile(join(root, 'tools', toolFile(i)), toolSource(i, description))
    const seenAt = await waitForUpdate(page, name, description)
    const observedAt = epochNow()
    const nowBoot = await page.evaluate(() => window.__toolregBootId)
    if (nowBoot !== bootId) {
      out.reloads++
      bootId = nowBoot
    }
    if (k >= warmup) {
      out.latenciesMs.push(seenAt - writtenAt)
      out.observedMs.push(observedAt - writtenAt)
    }
    // Let the watcher and the page settle before the next edit.
    await new Promise(r => setTimeout(r, 150))
  }
  if (pageErrors.length) out.pageErrors = pageErrors.slice(0, 5)
} catch (error) {
  out.error = String(error?.message ?? error)
    .split('\n')[0]
    .slice(0, 400)
} finally {
  await browser?.close().catch(() => {})
  await server?.close().catch(() => {})
  // Put the edited tools back: the other figures build this very project.
  for (const i of touched) await writeFile(join(root, 'tools', toolFile(i)), toolSource(i))
}
process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0))

/** Page time at which `name` was registered with `description`; survives a full reload. */
async function waitForUpdate(page, name, description) {
  const deadline = performance.now() + WAIT_MS
  for (;;) {
    const left = deadline - performance.now()
    if (left <= 0)
      throw new Error(
        `registry not updated in the page within ${WAIT_MS / 1000} s of a file write (no HMR for tool files?)`,
      )
    try {
      const handle = await page.waitForFunction(
        ([n, d]) => window.__toolregLog?.find(e => e.name === n && e.description === d)?.at,
        [name, description],
        { timeout: left, polling: 5 },
      )
      return await handle.jsonValue()
    } catch (error) {
      // A full page reload destroys the context the wait runs in: wait again in the new page.
      if (/context was destroyed|navigation|Target closed/i.test(String(error))) continue
      if (/Timeout/i.test(String(error))) continue
      throw error
    }
  }
}
