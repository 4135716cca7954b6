// Nuxt 4 with `modules: ['@toolreg/plugin/nuxt']`, through Nuxt's own CLI: `nuxt build` of the
// fixture app (a Nitro route answering with the registered tools and one dispatch, a Vue page
// listing them, an option under `toolreg` that only works if both Vite and Nitro get it), the
// built `.output/server/index.mjs` run with Node and fetched; `.output/public` holds no
// manifest; the `toolreg` key is typed; a duplicate fails `nuxt build` with TR001; the plugin
// in `vite.plugins` instead of the module fails the build naming the module; under `nuxt
// dev` an added and a renamed tool reach the route and the page without a restart. One file,
// run in sequence.
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectDuplicateFailure, run } from './helpers/run.js'
import { tscBin } from './helpers/runtimes.js'
import {
  envWithoutVitest,
  freePort,
  pollJson,
  type Server,
  saveFile,
  startServer,
  stopServer,
} from './helpers/servers.js'

// Inside the repository (git-ignored): the copy resolves its packages from the root node_modules.
const TMP = path.resolve(import.meta.dirname, '.tmp')
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/nuxt-app')
const NUXT_BIN = path.resolve(import.meta.dirname, '../node_modules/nuxt/bin/nuxt.mjs')
/** Vitest's environment without its test markers: Nuxt would log nothing (and build in test mode). */
const ENV = envWithoutVitest({ NUXT_TELEMETRY_DISABLED: '1' })

interface RouteBody {
  names: string[]
  toolNames: string[]
  echo: unknown
}

let app: string
const servers: Server[] = []
beforeAll(async () => {
  await mkdir(TMP, { recursive: true })
  app = await mkdtemp(path.join(TMP, 'nuxt-'))
  await cp(FIXTURE, app, { recursive: true })
})
afterAll(async () => {
  await Promise.all(servers.map(server => stopServer(server.child)))
  await rm(app, { recursive: true, force: true })
})

const tool = (name: string) => `import { registry } from '@toolreg/core'

registry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })
`

const nuxt = (args: string[]) => run(process.execPath, [NUXT_BIN, ...args], app, ENV)

function serve(command: string, args: string[], env: NodeJS.ProcessEnv = ENV): Server {
  const server = startServer(command, args, app, env)
  servers.push(server)
  return server
}

/** The names the Vue page lists (server-rendered). */
async function pageNames(url: string): Promise<string | undefined> {
  const html = await fetch(url).then(r => r.text())
  return /<p id="tools">([^<]*)<\/p>/.exec(html)?.[1]
}

async function pollPage(url: string, names: string[]): Promise<void> {
  const deadline = Date.now() + 120_000
  let last: string | undefined
  while (Date.now() < deadline) {
    last = await pageNames(url).catch((error: unknown) => String(error))
    if (last === names.join(',')) return
    await new Promise(resolve => setTimeout(resolve, 250))
  }
  throw new Error(`${url}: the page lists ${last}, not ${names.join(',')}`)
}

const same = (names: string[]) => (body: RouteBody) => JSON.stringify(body.names) === JSON.stringify(names)

async function files(dir: string): Promise<string[]> {
  return (await readdir(path.join(app, dir), { recursive: true })).map(String)
}

describe('@toolreg/plugin/nuxt', () => {
  it('is a Nuxt module (a function with getMeta), the same through require()', async () => {
    const esm = (await import('@toolreg/plugin/nuxt')).default
    expect(typeof esm).toBe('function')
    expect(await esm.getMeta()).toMatchObject({ name: '@toolreg/plugin/nuxt', configKey: 'toolreg' })
    const required = createRequire(import.meta.url)('@toolreg/plugin/nuxt')
    expect(typeof required).toBe('function')
    expect(await required.getMeta()).toEqual(await esm.getMeta())
  })

  it('bad options throw while Nuxt installs the module, naming the option', async () => {
    const nuxtLike = { options: { rootDir: app, toolreg: { names: 'bogus' } }, hook: () => undefined }
    const module = (await import('@toolreg/plugin/nuxt')).default
    await expect(module({}, nuxtLike)).rejects.toThrow(/option "names"/)
    // Inline options win over the `toolreg` key.
    await expect(module({ names: 'mcp' }, nuxtLike)).resolves.toBeUndefined()
  })
})

describe.sequential('Nuxt 4 with the @toolreg/plugin/nuxt module', () => {
  it('nuxt build, then node .output/server/index.mjs: the route and the page have the tools', async () => {
    const started = Date.now()
    const built = await nuxt(['build'])
    console.log(`nuxt build: ${((Date.now() - started) / 1000).toFixed(1)} s`)
    expect(built.code, built.stdout + built.stderr).toBe(0)
    // What the server publishes holds no manifest; the server's output has it.
    const published = await files('.output/public')
    expect(published.length).toBeGreaterThan(0)
    expect(published.filter(f => f.endsWith('tool-manifest.json'))).toEqual([])
    expect(await files('.output/server')).toContain('tool-manifest.json')

    const port = await freePort()
    const server = serve(process.execPath, ['.output/server/index.mjs'], {
      ...ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
    })
    try {
      const url = `http://127.0.0.1:${port}`
      // tools/draft-echo.ts (a second `echo`) is excluded by the `toolreg` key in nuxt.config.
      const body = await pollJson<RouteBody>(`${url}/api/tools`, () => true, 60_000)
      expect(body).toEqual({ names: ['add', 'echo'], toolNames: ['add', 'echo'], echo: 'hi' })
      expect(await pageNames(url)).toBe('add,echo')
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- server ---\n${server.output()}`)
    } finally {
      await stopServer(server.child)
    }
  }, 240_000)

  it("nuxt prepare: the `toolreg` key is typed, and tool-registry.d.ts is written and in the app's and server's types", async () => {
    // A fresh clone: no declarations of virtual:tool-registry yet.
    await rm(path.join(app, 'tool-registry.d.ts'), { force: true })
    // .nuxt/tsconfig.node.json and the options of each module (.nuxt/types/modules.d.ts).
    const prepared = await nuxt(['prepare'])
    expect(prepared.code, prepared.stdout + prepared.stderr).toBe(0)
    expect(await readFile(path.join(app, 'tool-registry.d.ts'), 'utf8')).toContain(`'add' | 'echo'`)
    expect(await readFile(path.join(app, '.nuxt/nuxt.d.ts'), 'utf8')).toContain('path="../tool-registry.d.ts"')
    expect(await readFile(path.join(app, '.nuxt/types/nitro-nuxt.d.ts'), 'utf8')).toContain(
      'path="../../tool-registry.d.ts"',
    )
    await writeFile(
      path.join(app, 'config-types.ts'),
      `import type { NuxtConfig } from 'nuxt/schema'
import type { ToolName } from 'virtual:tool-registry'

export const good: NuxtConfig = { toolreg: { names: 'mcp', exclude: ['draft-*'], manifest: false } }
// @ts-expect-error: not a name rule
export const badRule: NuxtConfig = { toolreg: { names: 'bogus' } }
// @ts-expect-error: not an option
export const unknownOption: NuxtConfig = { toolreg: { nope: true } }
export const tool: ToolName = 'echo'
// @ts-expect-error: no such tool
export const noTool: ToolName = 'nope'
`,
    )
    await writeFile(
      path.join(app, 'tsconfig.check.json'),
      JSON.stringify({
        extends: './.nuxt/tsconfig.node.json',
        include: ['./.nuxt/nuxt.node.d.ts', 'nuxt.config.ts', 'config-types.ts', 'tool-registry.d.ts'],
        compilerOptions: { noEmit: true },
      }),
    )
    const checked = await run(process.execPath, [tscBin(), '-p', 'tsconfig.check.json'], app)
    expect(checked.code, checked.stdout + checked.stderr).toBe(0)
  }, 120_000)

  it('a duplicate tool name fails nuxt build with TR001 naming both files', async () => {
    await saveFile(app, 'tools/echo_again.ts', tool('echo'))
    try {
      expectDuplicateFailure(await nuxt(['build']), ['tools/echo_again.ts', 'tools/echo.ts'])
    } finally {
      await rm(path.join(app, 'tools/echo_again.ts'))
    }
  }, 240_000)

  it('@toolreg/plugin/vite in vite.plugins instead of the module fails nuxt build, naming the module', async () => {
    const config = path.join(app, 'nuxt.config.ts')
    await rename(config, `${config}.module`)
    await writeFile(
      config,
      `import toolRegistry from '@toolreg/plugin/vite'

export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  devtools: { enabled: false },
  vite: { plugins: [toolRegistry({ exclude: ['*.d.ts', 'draft-*'] })] },
})
`,
    )
    try {
      const built = await nuxt(['build'])
      const output = built.stdout + built.stderr
      expect(built.code, output).not.toBe(0)
      expect(output).toContain("Nitro's server bundler")
      expect(output).toContain("modules: ['@toolreg/plugin/nuxt']")
      // It stops before Nitro builds a server that would answer 500.
      expect(output).not.toContain('treating it as an external dependency')
    } finally {
      await rename(`${config}.module`, config)
    }
  }, 240_000)

  it('nuxt dev: an added and a renamed tool reach the route and the page without a restart', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const server = serve(process.execPath, [NUXT_BIN, 'dev', '--port', String(port), '--host', '127.0.0.1'])
    try {
      await pollJson(`${url}/api/tools`, same(['add', 'echo']))
      await saveFile(app, 'tools/later.ts', tool('added_later'))
      await pollJson(`${url}/api/tools`, same(['add', 'added_later', 'echo']))
      await pollPage(url, ['add', 'added_later', 'echo'])
      // Renamed: the file moves and its tool takes a new name; the old name is gone.
      await rename(path.join(app, 'tools/later.ts'), path.join(app, 'tools/moved.ts'))
      await saveFile(app, 'tools/moved.ts', tool('renamed_later'))
      await pollJson(`${url}/api/tools`, same(['add', 'echo', 'renamed_later']))
      await pollPage(url, ['add', 'echo', 'renamed_later'])
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- nuxt dev ---\n${server.output()}`)
    } finally {
      await stopServer(server.child)
      await rm(path.join(app, 'tools/moved.ts'), { force: true })
    }
  }, 360_000)
})
