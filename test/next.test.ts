// Next.js 16 with `withToolreg` from `@toolreg/plugin/next`, through Next's own CLI: the fixture
// app (app router; a Node and an Edge route handler answering with the registered tools and one
// dispatch) is built by `next build` (Turbopack) and `next build --webpack`, started with `next
// start` and fetched; a duplicate tool name fails both builds with TR001; `next dev` and `next
// dev --webpack` serve an added and a renamed tool without a restart. One file, run in
// sequence: a build takes 8-30 s on two cores.
import { cp, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectDuplicateFailure, run } from './helpers/run.js'
import { freePort, pollJson, type Server, saveFile, startServer, stopServer } from './helpers/servers.js'

// Inside the repository (git-ignored): the copy resolves its packages from the root node_modules.
const TMP = path.resolve(import.meta.dirname, '.tmp')
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/next-app')
const NEXT_BIN = path.resolve(import.meta.dirname, '../node_modules/next/dist/bin/next')
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
const NAMES = ['add', 'echo']

interface RouteBody {
  runtime: string
  names: string[]
  toolNames: string[]
  echo: unknown
}

let app: string
beforeAll(async () => {
  await mkdir(TMP, { recursive: true })
  app = await mkdtemp(path.join(TMP, 'next-'))
  await cp(FIXTURE, app, { recursive: true })
})
afterAll(() => rm(app, { recursive: true, force: true }))

const tool = (name: string) => `import { registry } from '@toolreg/core'

registry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })
`

const addFile = (file: string, content: string) => saveFile(app, file, content)

const next = (args: string[]) => run(process.execPath, [NEXT_BIN, ...args], app, ENV)

/** `next start` or `next dev` on a free port, in its own process group (Next starts a child server). */
async function serve(command: 'start' | 'dev', flags: string[] = []): Promise<Server & { url: string }> {
  const port = await freePort()
  const args = [NEXT_BIN, command, ...flags, '-p', String(port), '-H', '127.0.0.1']
  return { url: `http://127.0.0.1:${port}`, ...startServer(process.execPath, args, app, ENV) }
}

const stop = stopServer
const poll = (url: string, accept: (body: RouteBody) => boolean, ms?: number) => pollJson(url, accept, ms)

const same = (names: string[]) => (body: RouteBody) => JSON.stringify(body.names) === JSON.stringify(names)

async function expectServed(url: string) {
  for (const runtime of ['node', 'edge']) {
    const body = await poll(`${url}/api/${runtime}`, () => true, 30_000)
    expect(body).toEqual({
      runtime: runtime === 'node' ? 'nodejs' : 'edge',
      names: NAMES,
      toolNames: NAMES,
      echo: 'hi',
    })
  }
}

describe('@toolreg/plugin/next', () => {
  it('require() gives withToolreg too (a next.config.js may be CommonJS)', () => {
    const required = createRequire(import.meta.url)('@toolreg/plugin/next') as { withToolreg: unknown }
    expect(typeof required.withToolreg).toBe('function')
    const config = (required.withToolreg as (config: object) => unknown)({ reactStrictMode: true })
    expect(typeof config).toBe('function')
  })

  it('bad options throw where the config is written', async () => {
    const { withToolreg } = await import('@toolreg/plugin/next')
    expect(() => withToolreg({}, { names: 'bogus' as 'mcp' })).toThrow(/option "names"/)
  })
})

describe.sequential('Next.js 16 with withToolreg', () => {
  for (const mode of ['Turbopack', 'webpack'] as const) {
    const flags = mode === 'webpack' ? ['--webpack'] : []

    it(`next build (${mode}) and next start: both route handlers answer with the tools and a dispatch`, async () => {
      await rm(path.join(app, '.next'), { recursive: true, force: true })
      const started = Date.now()
      const built = await next(['build', ...flags])
      console.log(`next build ${flags.join(' ')}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
      expect(built.code, built.stdout + built.stderr).toBe(0)
      expect(built.stdout).toContain(mode === 'webpack' ? '(webpack)' : '(Turbopack)')
      // What a web server publishes holds no manifest.
      const published = await readdir(path.join(app, '.next/static'), { recursive: true })
      expect(published.filter(f => f.endsWith('tool-manifest.json'))).toEqual([])

      const server = await serve('start')
      try {
        await expectServed(server.url)
      } finally {
        await stop(server.child)
      }
    }, 240_000)
  }

  it('a duplicate tool name fails next build with TR001, in Turbopack and in webpack', async () => {
    await addFile('tools/echo_again.ts', tool('echo'))
    try {
      for (const flags of [[], ['--webpack']])
        expectDuplicateFailure(await next(['build', ...flags]), ['tools/echo_again.ts', 'tools/echo.ts'])
    } finally {
      await rm(path.join(app, 'tools/echo_again.ts'))
    }
  }, 240_000)

  it.each([
    ['Turbopack', []],
    ['webpack', ['--webpack']],
  ])(
    'next dev (%s): an added and a renamed tool reach both routes without a restart',
    async (_, flags) => {
      const server = await serve('dev', flags)
      try {
        await poll(`${server.url}/api/node`, same(NAMES))
        await addFile('tools/later.ts', tool('added_later'))
        await poll(`${server.url}/api/node`, same(['add', 'added_later', 'echo']))
        await poll(`${server.url}/api/edge`, same(['add', 'added_later', 'echo']))
        // Renamed: the file moves and its tool takes a new name; the old name is gone.
        await rename(path.join(app, 'tools/later.ts'), path.join(app, 'tools/moved.ts'))
        await addFile('tools/moved.ts', tool('renamed_later'))
        await poll(`${server.url}/api/node`, same(['add', 'echo', 'renamed_later']))
        await poll(`${server.url}/api/edge`, same(['add', 'echo', 'renamed_later']))
      } catch (error) {
        throw new Error(`${(error as Error).message}\n--- next dev ---\n${server.output()}`)
      } finally {
        await stop(server.child)
        await rm(path.join(app, 'tools/moved.ts'), { force: true })
      }
    },
    360_000,
  )
})
