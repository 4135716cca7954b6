// One build of the lazy bench app: `node lazy-build.mjs <project> <eager|lazy> <browser|worker> [--plugin-dir DIR]`.
// Prints one JSON line: the output directory, its JS files and their sizes (raw and gzip).
import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { importFrom } from './resolve.mjs'

// target: browser, worker (code-split: one module per chunk), workerg (code-split, the tool modules
// in groups by the first two letters of their file name: ~100 chunks, not 5000 — workerd's start-up
// pays for every module its config lists) or worker1 (one module: the bundler inlines the chunks as
// functions that run on first import).
const [projectArg, mode, target] = process.argv.slice(2)
const project = resolve(projectArg)
const pluginDirIndex = process.argv.indexOf('--plugin-dir')
const pluginDir = pluginDirIndex > 0 ? process.argv[pluginDirIndex + 1] : undefined
const { build } = await import('vite')
const { default: toolRegistry } = pluginDir
  ? await import(pathToFileURL(join(resolve(pluginDir), 'dist/vite.js')).href)
  : await importFrom(project, '@toolreg/plugin/vite')
const outDir = join(project, `dist-${target}-${mode}`)
const plugin = toolRegistry({ lazy: mode === 'lazy', dts: false, manifest: false })
const t0 = performance.now()
if (target === 'browser') {
  // Relative URLs: the measuring server serves each build under its own prefix.
  await build({
    root: project,
    base: './',
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  })
} else {
  await build({
    root: project,
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    ssr: { noExternal: true, target: 'webworker' },
    build: {
      ssr: 'src/worker.ts',
      outDir,
      emptyOutDir: true,
      minify: true,
      rolldownOptions: {
        output: {
          format: 'es',
          entryFileNames: 'worker.js',
          codeSplitting: target === 'worker1' ? false : target === 'workerg' ? { groups: [{ name: toolGroup }] } : true,
        },
      },
    },
  })
}
const buildMs = performance.now() - t0

/** The chunk of a tool module in a grouped Worker build: the first two letters of its file name. */
function toolGroup(id) {
  const m = /[\\/]tools[\\/]([^\\/]{1,2})[^\\/]*$/.exec(id)
  return m ? `tools-${m[1]}` : null
}
const files = []
for (const f of await readdir(outDir, { recursive: true })) {
  if (!f.endsWith('.js')) continue
  const text = await readFile(join(outDir, f))
  files.push({ file: f.split('\\').join('/'), bytes: text.length, gzip: gzipSync(text, { level: 9 }).length })
}
console.log(JSON.stringify({ outDir, buildMs, files }))
