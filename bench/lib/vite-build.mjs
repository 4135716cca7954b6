// Child process: one `vite build` of a bench project, timed inside the process.
//   node bench/lib/vite-build.mjs <project> <plugin|glob|ssr> [--kind browser|server] [--plugin-dir DIR]
// --kind server builds the plugin or glob entry as an unminified SSR bundle (a Worker's or a
// serverless function's build); the default is the minified browser build.
// Prints one JSON line: { mode, totalMs, buildMs, importMs, maxRssKb, output: { jsBytes, jsGzipBytes, assetBytes, files } }.
// maxRssKb is the process's peak resident set (getrusage), Rolldown's threads included.
// totalMs runs from just before `import('vite')` to the end of build(): it includes
// loading the plugin (a cost the user pays) and excludes Node's own start-up.
import { performance } from 'node:perf_hooks'
import { readdir, readFile, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { resolveFrom } from './resolve.mjs'
import { benchBuildConfig } from './build-config.mjs'
import { gzipSync } from 'node:zlib'

const [project, mode, ...rest] = process.argv.slice(2)
const pluginDir = flag('--plugin-dir')
const kind = flag('--kind') ?? 'browser'
if (!project || !['plugin', 'glob', 'ssr'].includes(mode) || !['browser', 'server'].includes(kind)) {
  console.error('usage: vite-build.mjs <project> <plugin|glob|ssr> [--kind browser|server] [--plugin-dir DIR]')
  process.exit(2)
}
const root = resolve(project)
const outDir = join(root, kind === 'server' ? `dist-${mode}-server` : `dist-${mode}`)
// The SSR bundle of the cold-start figure, or a plugin / glob entry built for a server.
const ssrEntry = mode === 'ssr' ? 'src/ssr-entry.ts' : kind === 'server' ? `src/${mode}-entry.ts` : undefined

const t0 = performance.now()
const { build } = await import('vite')
const plugins = mode === 'glob' ? [] : [(await loadPlugin())()]
const t1 = performance.now()
await rm(outDir, { recursive: true, force: true })
const t2 = performance.now()
await build(
  benchBuildConfig({ root, entry: ssrEntry ?? `src/${mode}-entry.ts`, ssr: ssrEntry !== undefined, outDir, plugins }),
)
const t3 = performance.now()
const maxRssKb = process.resourceUsage().maxRSS

const output = await measureOutput(outDir)
const result = { mode, kind, totalMs: t3 - t0 - (t2 - t1), buildMs: t3 - t2, importMs: t1 - t0, maxRssKb, output }
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0))

async function loadPlugin() {
  const mod = pluginDir
    ? await import(pathToFileURL(join(resolve(pluginDir), 'dist/vite.js')).href)
    : await importPluginFrom(root)
  return mod.default
}

/**
 * `@toolreg/plugin/vite` as an ES module config imports it (its `import` condition): a
 * `require.resolve` would pick the CommonJS wrapper, whose `require()` of the ES module
 * is not what a Vite config pays.
 */
async function importPluginFrom(dir) {
  const pkgUrl = resolveFrom(dir, '@toolreg/plugin/package.json')
  const pkg = JSON.parse(await readFile(new URL(pkgUrl), 'utf8'))
  return import(new URL(pkg.exports['./vite'].import.default, pkgUrl).href)
}

async function measureOutput(dir) {
  const out = { jsBytes: 0, jsGzipBytes: 0, assetBytes: 0, files: [] }
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath ?? entry.path, entry.name)
    const bytes = await readFile(path)
    out.files.push(path.slice(dir.length + 1))
    if (/\.m?js$/.test(entry.name)) {
      out.jsBytes += bytes.length
      out.jsGzipBytes += gzipSync(bytes, { level: 9 }).length
    } else out.assetBytes += bytes.length
  }
  return out
}

function flag(name) {
  const i = rest.indexOf(name)
  return i >= 0 ? rest[i + 1] : undefined
}
