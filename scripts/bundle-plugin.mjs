#!/usr/bin/env node
// Builds @toolreg/plugin's JavaScript with Rolldown: one module per entry of its package.json
// (and of its bin) plus the chunks they share, so a build that loads `@toolreg/plugin/vite`
// reads a handful of files instead of one per source module (docs/architecture.md, "How
// the package is built"). `tsc -b` type-checks the package and writes only its declarations.
// Every bare import (Node built-ins, dependencies, @toolreg/core) stays an import, but for
// `@toolreg/core/formats`, the formats (and the defer rule) the plugin writes for @toolreg/core
// to read: they are built in, so the plugin writes the formats it was built for (the core
// rejects any other by name), and a build loads no module of the run-time registry.
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'

const pkgDir = fileURLToPath(new URL('../packages/plugin/', import.meta.url))
const dist = path.join(pkgDir, 'dist')

/** `./dist/x.js` paths named by the exports map (any condition) and the bin: the entries. */
async function entries() {
  const pkg = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8'))
  const found = new Set()
  const visit = value => {
    if (typeof value === 'string') {
      if (/^\.\/dist\/.+\.js$/.test(value)) found.add(value.slice('./dist/'.length, -'.js'.length))
    } else if (value && typeof value === 'object') for (const v of Object.values(value)) visit(v)
  }
  visit(pkg.exports)
  // bin/toolreg.js imports the CLI's entry.
  const bin = await readFile(path.join(pkgDir, 'bin/toolreg.js'), 'utf8')
  for (const [, name] of bin.matchAll(/from '\.\.\/dist\/(.+)\.js'/g)) found.add(name)
  return Object.fromEntries([...found].sort().map(name => [name, path.join(pkgDir, 'src', `${name}.ts`)]))
}

/**
 * The JavaScript a previous build left in dist/ and this one did not write (declarations
 * stay: tsc -b owns them). Removed after the write, so a process loading the package
 * meanwhile never misses an entry.
 */
async function removeStaleJs(written) {
  const files = await readdir(dist, { recursive: true })
  const stale = files.filter(f => /\.js(\.map)?$/.test(f) && !written.has(f.split(path.sep).join('/')))
  await Promise.all(stale.map(f => rm(path.join(dist, f), { force: true })))
}

const INLINED = new Set(['@toolreg/core/formats'])

const input = await entries()
const bundle = await rolldown({
  input,
  platform: 'node',
  // The sources import `./x.js` for `./x.ts`, as Node's resolution of the built files wants.
  resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
  external: id => !id.startsWith('.') && !path.isAbsolute(id) && !INLINED.has(id),
  logLevel: 'warn',
})
const { output } = await bundle.write({
  dir: dist,
  format: 'esm',
  sourcemap: true,
  entryFileNames: '[name].js',
  chunkFileNames: 'chunks/[name]-[hash].js',
})
await bundle.close()
await removeStaleJs(new Set(output.map(o => o.fileName)))
const chunks = output.filter(o => o.type === 'chunk')
console.log(`@toolreg/plugin: ${Object.keys(input).length} entries, ${chunks.length} files in dist/`)
