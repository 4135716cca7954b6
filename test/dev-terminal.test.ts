// Dev feedback where there is no page (a Worker, a server route): the dev server prints each
// error diagnostic in the terminal, once, keeps running when it starts in error, and recovers
// when the error is fixed.
import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import type { ToolRegistry } from '@toolreg/core'
import toolRegistry from '@toolreg/plugin/vite'
import { createLogger, createServer, isRunnableDevEnvironment, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/dev-app')
const CORE_DIR = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@toolreg/core')), '..')

const tool = (name: string, extra = '') => `import { registry } from '@toolreg/core'
${extra}
registry.register({ name: ${JSON.stringify(name)}, toolset: 'demo', schema: {}, handler: () => 'ok' })
`

let tmp: string
let server: ViteDevServer
const errors: string[] = []
const infos: string[] = []

async function save(file: string, content: string) {
  const staging = path.join(tmp, `.staging-${path.basename(file)}`)
  await writeFile(staging, content)
  await rename(staging, path.join(tmp, file))
}

interface SsrEntry {
  registry: ToolRegistry
  toolNames: readonly string[]
  loadErrors: readonly { file: string; error: string }[]
}

async function entry(): Promise<SsrEntry> {
  const ssr = server.environments.ssr
  if (!isRunnableDevEnvironment(ssr)) throw new Error('the ssr environment has no module runner')
  return (await ssr.runner.import('/src/ssr.ts')) as SsrEntry
}

const tr001 = () => errors.filter(e => e.includes('TR001'))

describe('vite dev server, terminal feedback', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'toolreg-dev-terminal-'))
    await cp(FIXTURE, tmp, { recursive: true })
    await mkdir(path.join(tmp, 'node_modules/@toolreg'), { recursive: true })
    await symlink(CORE_DIR, path.join(tmp, 'node_modules/@toolreg/core'), 'dir')
    // A duplicate before the server starts.
    await writeFile(path.join(tmp, 'tools/echo-again.ts'), tool('echo'))
    const logger = createLogger('info')
    logger.error = message => void errors.push(message)
    logger.info = message => void infos.push(message)
    logger.warn = () => {}
    server = await createServer({
      root: tmp,
      configFile: false,
      customLogger: logger,
      cacheDir: path.join(tmp, '.vite'),
      plugins: [toolRegistry()],
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { middlewareMode: true, ws: false, fs: { allow: [tmp, CORE_DIR] } },
    })
  })

  afterAll(async () => {
    await server?.close()
    await rm(tmp, { recursive: true, force: true })
  })

  it('started with a duplicate: the server runs, the terminal names TR001, server code runs without tools and with the error in loadErrors, the fix recovers it', async () => {
    await server.environments.ssr.pluginContainer.buildStart({})
    expect(tr001().length).toBeGreaterThan(0)
    // The entry evaluates (a server that runs it at start-up comes up): no tools, the error as data.
    const inError = await entry()
    expect(inError.toolNames).toEqual([])
    expect(inError.registry.getAllToolNames()).toEqual([])
    expect(inError.loadErrors).toEqual([{ file: 'tools/echo.ts', error: expect.stringMatching(/^TR001: .*"echo"/) }])
    await rm(path.join(tmp, 'tools/echo-again.ts'))
    await expect
      .poll(async () => (await entry().catch(() => undefined))?.toolNames, { timeout: 30_000 })
      .toEqual(['clock', 'echo'])
  })

  it('a duplicate added while it runs is printed once, though saved again and other files change; its fix is said', async () => {
    const { registry } = await entry()
    const before = tr001().length
    await save('tools/dup.ts', tool('clock'))
    await expect.poll(() => tr001().length, { timeout: 30_000 }).toBe(before + 1)
    await save('tools/dup.ts', tool('clock'))
    await save('tools/other.ts', tool('other'))
    await expect.poll(() => infos.length + errors.length, { timeout: 5_000 }).toBeGreaterThan(0)
    await new Promise(resolve => setTimeout(resolve, 300))
    expect(tr001().length).toBe(before + 1)
    await save('tools/dup.ts', tool('clock_two'))
    await expect.poll(() => infos.some(i => i.includes('no errors now')), { timeout: 30_000 }).toBe(true)
    await expect
      .poll(() => registry.getAllToolNames(), { timeout: 30_000 })
      .toEqual(['clock', 'clock_two', 'echo', 'other'])
  })
})
