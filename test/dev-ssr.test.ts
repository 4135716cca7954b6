// SSR code in the dev server (Vite's module runner): adding, renaming and deleting tool
// files updates the registry the server-side code sees, without re-importing the entry.
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, isRunnableDevEnvironment, type ViteDevServer } from 'vite'
import type { ToolRegistry } from '@toolreg/core'
import toolRegistry from '@toolreg/plugin/vite'

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/dev-app')
// The package dir of @toolreg/core (its "exports" hide package.json): dist/index.js → ..
const CORE_DIR = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@toolreg/core')), '..')

let tmp: string
let server: ViteDevServer
let registry: ToolRegistry

/**
 * Save like an editor's atomic write: the whole content appears at once (a plain write is
 * a truncate then a write, two changes with a moment of an empty file in between).
 */
async function save(file: string, content: string) {
  const staging = path.join(tmp, `.staging-${path.basename(file)}`)
  await writeFile(staging, content)
  await rename(staging, path.join(tmp, file))
}

const tool = (name: string, toolset = 'demo') => `import { registry } from '@toolreg/core'

registry.register({ name: ${JSON.stringify(name)}, toolset: ${JSON.stringify(toolset)}, schema: {}, handler: () => 'ok' })
`

const dts = () => readFile(path.join(tmp, 'tool-registry.d.ts'), 'utf8').catch(() => '')

const namesBecome = (expected: string[]) =>
  expect.poll(() => registry.getAllToolNames(), { timeout: 30_000, interval: 20 }).toEqual(expected)

describe('vite dev server, SSR module runner', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-dev-ssr-'))
    await cp(FIXTURE, tmp, { recursive: true })
    await mkdir(path.join(tmp, 'node_modules/@toolreg'), { recursive: true })
    await symlink(CORE_DIR, path.join(tmp, 'node_modules/@toolreg/core'), 'dir')
    server = await createServer({
      root: tmp,
      configFile: false,
      logLevel: 'silent',
      cacheDir: path.join(tmp, '.vite'),
      plugins: [toolRegistry()],
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { middlewareMode: true, ws: false, fs: { allow: [tmp, CORE_DIR] } },
    })
    const ssr = server.environments.ssr
    if (!isRunnableDevEnvironment(ssr)) throw new Error('the ssr environment has no module runner')
    const entry = (await ssr.runner.import('/src/ssr.ts')) as { registry: ToolRegistry; toolNames: readonly string[] }
    registry = entry.registry
    expect(entry.toolNames).toEqual(['clock', 'echo'])
  })

  afterAll(async () => {
    await server?.close()
    if (tmp) await rm(tmp, { recursive: true, force: true })
  })

  it('loads the tools', () => {
    expect(registry.getAllToolNames()).toEqual(['clock', 'echo'])
    expect(registry.getEntry('echo')?.source).toBe('tools/echo.ts:3:1')
  })

  it('adds a tool when a file is added', async () => {
    await save('tools/lookup.ts', tool('lookup'))
    await namesBecome(['clock', 'echo', 'lookup'])
    await expect.poll(() => dts(), { timeout: 30_000 }).toMatch(/['"]lookup['"]/)
  })

  it('renames a tool inside its file', async () => {
    await save('tools/lookup.ts', tool('search'))
    await namesBecome(['clock', 'echo', 'search'])
  })

  it('renames a tool file', async () => {
    await rename(path.join(tmp, 'tools/lookup.ts'), path.join(tmp, 'tools/search.ts'))
    await expect.poll(() => registry.getEntry('search')?.source, { timeout: 30_000 }).toBe('tools/search.ts:3:1')
    await namesBecome(['clock', 'echo', 'search'])
  })

  it('deletes a tool when its file is deleted', async () => {
    await unlink(path.join(tmp, 'tools/search.ts'))
    await namesBecome(['clock', 'echo'])
  })

  it('applies in-place saves (a truncate, then a write), an added file right after one too', async () => {
    // An editor's plain save: the watcher may report it while the file is still empty.
    const plain = path.join(tmp, 'tools/plain.ts')
    await writeFile(plain, tool('plain_0'))
    await namesBecome(['clock', 'echo', 'plain_0'])
    for (let i = 1; i <= 5; i++) {
      await writeFile(plain, tool(`plain_${i}`))
      await namesBecome(['clock', 'echo', `plain_${i}`])
    }
    // A content change does not make the watcher list the dir again; an add still must.
    await writeFile(plain, tool('plain_6'))
    await writeFile(path.join(tmp, 'tools/plain_more.ts'), tool('plain_more'))
    await namesBecome(['clock', 'echo', 'plain_6', 'plain_more'])
    await unlink(plain)
    await writeFile(path.join(tmp, 'tools/plain_more.ts'), tool('plain_more_2'))
    await namesBecome(['clock', 'echo', 'plain_more_2'])
    await unlink(path.join(tmp, 'tools/plain_more.ts'))
    await namesBecome(['clock', 'echo'])
  })

  it('applies atomic saves staged inside the tool dir', async () => {
    // Many editors write a temp file next to the file, then rename it over the file.
    const atomic = async (name: string) => {
      await writeFile(path.join(tmp, 'tools/.staged.ts.tmp'), tool(name))
      await rename(path.join(tmp, 'tools/.staged.ts.tmp'), path.join(tmp, 'tools/staged.ts'))
    }
    await atomic('staged_0')
    await namesBecome(['clock', 'echo', 'staged_0'])
    for (let i = 1; i <= 3; i++) {
      await atomic(`staged_${i}`)
      await namesBecome(['clock', 'echo', `staged_${i}`])
    }
    await unlink(path.join(tmp, 'tools/staged.ts'))
    await namesBecome(['clock', 'echo'])
  })

  it('a new version that throws keeps the old tools and closes its source: later registrations are not its own', async () => {
    await save(
      'tools/flaky.ts',
      tool('flaky_a') + "registry.register({ name: 'flaky_b', toolset: 'demo', schema: {}, handler: () => 'ok' })\n",
    )
    await namesBecome(['clock', 'echo', 'flaky_a', 'flaky_b'])
    await save(
      'tools/flaky.ts',
      [
        "import { registry } from '@toolreg/core'",
        "registry.register({ name: 'flaky_a', toolset: 'demo', description: 'v2', schema: {}, handler: () => 'ok' })",
        "throw new Error('flaky: broken on purpose')",
      ].join('\n') + '\n',
    )
    await expect.poll(() => registry.getEntry('flaky_a')?.description, { timeout: 30_000, interval: 20 }).toBe('v2')
    // Left open, the broken version would collect this registration, and ending it would
    // remove flaky_b (its previous version's tool it did not register).
    registry.register({ name: 'late', toolset: 'demo', schema: {}, handler: () => 'ok' })
    expect(registry.endSource('tools/flaky.ts')).toEqual({ registered: [], removed: [] })
    expect(registry.getAllToolNames()).toEqual(['clock', 'echo', 'flaky_a', 'flaky_b', 'late'])
    registry.deregister('late')
    await unlink(path.join(tmp, 'tools/flaky.ts'))
    await namesBecome(['clock', 'echo'])
  })

  it('a save between the scan and Vite reading the file: header and verify follow the text Vite loaded (no spurious TR009)', async () => {
    // Vite hands the transform text newer than the scan of tools/echo.ts (which found `echo`).
    const loaded = tool('echo_newer')
    const result = await server.environments.ssr.pluginContainer.transform(loaded, path.join(tmp, 'tools/echo.ts'))
    expect(result.code).toContain(', ["echo_newer"])')
    expect(result.code).not.toContain('["echo"]')
    expect(result.code).toContain(String.raw`{\"echo_newer\":\"tools/echo.ts:3:1\"}`)
  })

  it('keeps the .d.ts in step with the tools', async () => {
    await expect.poll(() => dts(), { timeout: 30_000 }).toMatch(/ToolName = ['"]clock['"] \| ['"]echo['"]\s/)
  })
  it('verify (on in dev): a module whose names at run time differ from its scan logs TR009 with both lists', async () => {
    const warned: string[] = []
    const previous = registry.logger
    registry.configure({
      logger: { ...previous, warn: (...args: unknown[]) => void warned.push(args.map(String).join(' ')) },
    })
    try {
      // The scan takes any `registry` for the registry: this one registers nothing.
      await save(
        'tools/liar.ts',
        [
          "import { registry as real } from '@toolreg/core'",
          'const registry = { register(_spec: unknown) {} }',
          "registry.register({ name: 'phantom', toolset: 'demo', schema: {}, handler: () => 'no' })",
          "real.register({ name: 'liar_real', toolset: 'demo', schema: {}, handler: () => 'ok' })",
        ].join('\n') + '\n',
      )
      await namesBecome(['clock', 'echo', 'liar_real'])
      await expect
        .poll(() => warned.filter(w => w.includes('TR009')), { timeout: 30_000 })
        .toEqual([
          'toolreg: TR009 tools/liar.ts registered [liar_real] at run time, its scan found [liar_real, phantom]',
        ])
      // The other modules agree with their scans: no TR009 for them.
      await unlink(path.join(tmp, 'tools/liar.ts'))
      await namesBecome(['clock', 'echo'])
      expect(warned.filter(w => w.includes('TR009'))).toHaveLength(1)
    } finally {
      registry.configure({ logger: previous })
    }
  })
})
