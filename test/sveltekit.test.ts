// SvelteKit 2 with adapter-node and `@toolreg/plugin/vite`: `vite build` of the fixture app, the
// built server run with Node answers a route with the registered tools and one dispatch, and the
// client output (`build/client`, what the server publishes) holds no manifest.
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from './helpers/run.js'
import { freePort, pollJson, startServer, stopServer } from './helpers/servers.js'

// Inside the repository (git-ignored): the copy resolves its packages from the root node_modules.
const TMP = path.resolve(import.meta.dirname, '.tmp')
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/sveltekit-app')
const ROOT_MODULES = path.resolve(import.meta.dirname, '../node_modules')
const VITE_BIN = path.join(ROOT_MODULES, 'vite/bin/vite.js')

let app: string
beforeAll(async () => {
  await mkdir(TMP, { recursive: true })
  app = await mkdtemp(path.join(TMP, 'sveltekit-'))
  await cp(FIXTURE, app, { recursive: true })
  await symlink(ROOT_MODULES, path.join(app, 'node_modules'), 'dir')
})
afterAll(() => rm(app, { recursive: true, force: true }))

describe('SvelteKit + adapter-node', () => {
  it('builds; build/client holds no manifest, the server has it and answers with the tools', async () => {
    const built = await run(process.execPath, [VITE_BIN, 'build'], app)
    expect(built.code, built.stdout + built.stderr).toBe(0)

    const client = await readdir(path.join(app, 'build/client'), { recursive: true })
    expect(client.length).toBeGreaterThan(0)
    expect(client.filter(f => f.endsWith('tool-manifest.json'))).toEqual([])
    const server = await readdir(path.join(app, '.svelte-kit/output/server'), { recursive: true })
    expect(server).toContain('tool-manifest.json')

    const port = await freePort()
    const node = startServer(process.execPath, ['build'], app, {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    })
    try {
      const body = await pollJson<{ names: string[]; echo: unknown }>(
        `http://127.0.0.1:${port}/api/tools`,
        () => true,
        30_000,
      )
      expect(body.names).toEqual(['add', 'echo'])
      expect(JSON.stringify(body.echo)).toContain('hi')
    } finally {
      await stopServer(node.child)
    }
  }, 120_000)
})
