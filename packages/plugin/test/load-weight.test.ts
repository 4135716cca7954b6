// What a build pays to load the plugin: `@toolreg/plugin/vite` must not pull in the run-time
// registry (`@toolreg/core`'s ~50 modules) or code mode, which every build would otherwise
// load and compile before its first file (docs/architecture.md, "How the package is built").
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { repoRoot, tempDir } from './helpers.js'

/** The module URLs a fresh Node process loads for `script`, in order (recorded by a loader hook). */
async function loadedBy(script: string): Promise<string[]> {
  const dir = await tempDir('toolreg-load-')
  const log = path.join(dir, 'loaded.txt')
  const hooks = path.join(dir, 'hooks.mjs')
  await writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + '\\n')
  return next(url, context)
}
`,
  )
  const register = `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)})`
  await writeFile(log, '')
  execFileSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', script],
    {
      cwd: path.join(repoRoot, 'packages/plugin'),
      encoding: 'utf8',
    },
  )
  return readFileSync(log, 'utf8').split('\n').filter(Boolean)
}

/** A `vite build` of a fixture in that process: the modules it loaded. */
const buildLoads = (api: boolean) =>
  loadedBy(`
    const { build } = await import('vite')
    const { default: toolRegistry } = await import('@toolreg/plugin/vite')
    await build({
      root: ${JSON.stringify(path.join(repoRoot, 'test/fixtures/build-lazy'))},
      configFile: false,
      logLevel: 'silent',
      plugins: [toolRegistry({ dts: false, manifest: false, api: ${api} })],
      build: { write: false, ssr: 'src/main.ts' },
    })
  `)

describe('what a build loads of @toolreg/plugin and @toolreg/core', () => {
  it('importing @toolreg/plugin/vite loads a few bundled files, none of @toolreg/core, no code mode', async () => {
    const loaded = await loadedBy(`import '@toolreg/plugin/vite'`)
    const ours = loaded.filter(u => u.includes('/packages/plugin/dist/'))
    expect(ours.length).toBeGreaterThan(0)
    expect(ours.length).toBeLessThanOrEqual(10)
    expect(loaded.filter(u => u.includes('/packages/core/'))).toEqual([])
    expect(ours.filter(u => /api-file/.test(u))).toEqual([])
  })

  it('a build loads no @toolreg/core module; with `api` it loads code mode for the asset', async () => {
    const plain = await buildLoads(false)
    expect(plain.filter(u => u.includes('/packages/core/'))).toEqual([])
    const withApi = await buildLoads(true)
    expect(withApi.some(u => u.includes('/packages/core/dist/code-mode/'))).toBe(true)
    expect(withApi.some(u => /\/packages\/plugin\/dist\/.*api-file/.test(u))).toBe(true)
  })
})
