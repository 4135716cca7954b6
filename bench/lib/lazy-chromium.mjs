// The lazy figure in Chromium: `node lazy-chromium.mjs <eagerDir> <lazyDir> <reps> <tool> <argsJson>`.
// Serves both builds on loopback; each repetition opens the eager and the lazy page in fresh
// browser contexts (no cache), alternating which goes first, and records: registry ready
// (performance.now() when the entry module body runs), the JS bytes fetched until then, and
// the time of the first dispatch of <tool> (the lazy page fetches its chunk then), then
// preloadLazy of a second tool and the time of its call after that.
// Prints one JSON line.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium.mjs'

const [eagerDir, lazyDir, repsArg, tool, argsJson, preloadTool = 'weather_forecast'] = process.argv.slice(2)
const reps = Number(repsArg)
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

const cache = new Map()
async function fileOf(dir, path) {
  const file = normalize(join(dir, path))
  if (!file.startsWith(dir + sep)) return undefined
  if (!cache.has(file)) cache.set(file, await readFile(file).catch(() => undefined))
  return cache.get(file)
}
const server = createServer(async (req, res) => {
  const [, which, ...rest] = new URL(req.url, 'http://x').pathname.split('/')
  const dir = which === 'eager' ? eagerDir : lazyDir
  const path = '/' + (rest.join('/') || 'index.html')
  const body = await fileOf(dir, path)
  if (!body) return void res.writeHead(404).end()
  res.writeHead(200, {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  })
  res.end(body)
})
await new Promise(r => server.listen(0, '127.0.0.1', r))
const origin = `http://127.0.0.1:${server.address().port}`

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_FLAGS,
})

async function open(which) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const js = []
  page.on('requestfinished', r => {
    if (r.url().endsWith('.js')) js.push(new URL(r.url()).pathname)
  })
  await page.goto(`${origin}/${which}/`)
  await page.waitForFunction(() => globalThis.__toolreg)
  const ready = await page.evaluate(() => globalThis.__ready)
  // When the last JS file of the start-up arrived: ready minus this is the work of compiling and running it.
  const scriptsEnd = await page.evaluate(
    ready =>
      Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter(e => e.name.endsWith('.js') && e.responseEnd <= ready)
          .map(e => e.responseEnd),
      ),
    ready,
  )
  const count = await page.evaluate(() => globalThis.__toolreg.count)
  let bytes = 0
  let gzip = 0
  for (const p of new Set(js)) {
    const [, w, ...rest] = p.split('/')
    const body = await fileOf(w === 'eager' ? eagerDir : lazyDir, '/' + rest.join('/'))
    bytes += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  const first = await page.evaluate(
    async ([name, args]) => {
      const t0 = performance.now()
      const result = await globalThis.__toolreg.registry.dispatch(name, JSON.parse(args))
      return { ms: performance.now() - t0, result: String(result).slice(0, 80) }
    },
    [tool, argsJson],
  )
  // The search-then-call flow: the tool's module preloaded (as find_tools does for the tools it found), then its call.
  const preloaded = await page.evaluate(
    async ([name, args]) => {
      const t0 = performance.now()
      await globalThis.__toolreg.preloadLazy(globalThis.__toolreg.registry, [name])
      const t1 = performance.now()
      await globalThis.__toolreg.registry.dispatch(name, JSON.parse(args))
      return { preloadMs: t1 - t0, callMs: performance.now() - t1 }
    },
    [preloadTool, argsJson],
  )
  await context.close()
  return {
    ready,
    scriptsEnd,
    count,
    bytes,
    gzip,
    jsFiles: new Set(js).size,
    firstMs: first.ms,
    firstResult: first.result,
    ...preloaded,
  }
}

const out = { eager: [], lazy: [] }
// One discarded round warms the browser and the OS file cache.
await open('eager')
await open('lazy')
for (let i = 0; i < reps; i++) {
  const order = i % 2 ? ['lazy', 'eager'] : ['eager', 'lazy']
  for (const which of order) out[which].push(await open(which))
}
await browser.close()
server.close()
console.log(JSON.stringify(out))
