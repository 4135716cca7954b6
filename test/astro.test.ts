// Astro 7 (server output, @astrojs/node standalone) with `@toolreg/plugin/vite` in its `vite`
// config: `astro build` of the fixture app (fixtures/astro-app), the built server run with Node
// answers an API endpoint with the registered tools and one dispatch, and `dist/client` (what the
// server publishes) holds no manifest; a duplicate tool name fails `astro build` with TR001 naming
// both files; in `astro dev` an added, a renamed and a deleted tool file reach the endpoint
// without a restart.
// The README's Astro section shows the fixture's config.
import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture, repoRoot } from '../packages/plugin/test/helpers.js'
import { expectDuplicateFailure, run } from './helpers/run.js'
import { IN_REPO_TEMP, projectFrom, SHARED_TOOLS_REPORT } from './helpers/runtimes.js'
import {
  envWithoutVitest,
  freePort,
  pollJson,
  saveFile,
  serverPool,
  stopServer,
  toolModuleSource,
} from './helpers/servers.js'

// The CLI its package.json names (astro.js up to Astro 5, bin/astro.mjs since Astro 6).
const ASTRO_DIR = path.join(repoRoot, 'node_modules/astro')
const ASTRO_BIN = path.join(ASTRO_DIR, JSON.parse(readFileSync(path.join(ASTRO_DIR, 'package.json'), 'utf8')).bin.astro)
const FIXTURE = fixture('astro-app')
// No telemetry request from the tests; none of Vitest's variables either: with VITEST set,
// Astro 7's dev server skips its own middleware and answers every route 404.
const ENV = envWithoutVitest({ ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' })
const NAMES = SHARED_TOOLS_REPORT.names

interface Body {
  names: string[]
  add: unknown
}

const toolModule = toolModuleSource

const { serve, stopAll } = serverPool(process.execPath, ENV)
afterAll(async () => {
  await stopAll()
  await cleanupTemps()
})

/**
 * The fixture as an installed app: besides the @toolreg links, the packages npm nested under
 * astro in this repository (where other dependents hoisted older cookie, devalue, ...) are linked
 * into the app's node_modules, where an app's own install hoists them: the built server imports
 * them, resolving from dist/server.
 */
async function astroProject(): Promise<string> {
  const dir = await projectFrom(FIXTURE, IN_REPO_TEMP)
  const nested = path.join(ASTRO_DIR, 'node_modules')
  for (const entry of await readdir(nested)) {
    if (entry.startsWith('.')) continue
    const names = entry.startsWith('@') ? (await readdir(path.join(nested, entry))).map(n => `${entry}/${n}`) : [entry]
    for (const name of names) {
      await mkdir(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true })
      await symlink(path.join(nested, name), path.join(dir, 'node_modules', name), 'dir')
    }
  }
  return dir
}

const astro = (dir: string, args: string[]) => run(process.execPath, [ASTRO_BIN, ...args], dir, ENV)
const same = (names: string[]) => (body: Body) => JSON.stringify(body.names) === JSON.stringify(names)

describe('the README', () => {
  it("shows the fixture's astro.config.mjs in its Astro section", async () => {
    const readme = await readFile(path.join(repoRoot, 'packages/plugin/README.md'), 'utf8')
    const start = readme.indexOf('#### Astro')
    const section = readme.slice(start, readme.indexOf('\n#', start + 1))
    expect(section).toContain('```js\n' + (await readFile(path.join(FIXTURE, 'astro.config.mjs'), 'utf8')) + '```\n')
  })
})

describe('Astro + @astrojs/node', () => {
  it('astro build; dist/client holds no manifest, the built server answers with the tools', async () => {
    const dir = await astroProject()
    const built = await astro(dir, ['build'])
    expect(built.code, built.stdout + built.stderr).toBe(0)

    const client = await readdir(path.join(dir, 'dist/client'), { recursive: true })
    expect(client).toContain('index.html')
    expect(client.filter(f => f.endsWith('tool-manifest.json'))).toEqual([])
    expect(await readdir(path.join(dir, 'dist/server'))).toContain('tool-manifest.json')

    const port = await freePort()
    const server = serve(['dist/server/entry.mjs'], dir, { ...ENV, HOST: '127.0.0.1', PORT: String(port) })
    try {
      const body = await pollJson<Body>(`http://127.0.0.1:${port}/api/tools`, () => true, 30_000)
      expect(body).toEqual({ names: NAMES, add: '5' })
    } finally {
      await stopServer(server.child)
    }
  })

  it('a duplicate tool name fails astro build with TR001 naming both files', async () => {
    const dir = await astroProject()
    await saveFile(dir, 'tools/add_again.ts', toolModule('add'))
    expectDuplicateFailure(await astro(dir, ['build']), ['tools/math.ts:7:1', 'tools/add_again.ts:3:1'])
  })

  it('astro dev: an added, a renamed and a deleted tool file reach the endpoint without a restart', async () => {
    const dir = await astroProject()
    const port = await freePort()
    const server = serve([ASTRO_BIN, 'dev', '--host', '127.0.0.1', '--port', String(port)], dir)
    const url = `http://127.0.0.1:${port}/api/tools`
    try {
      expect(await pollJson<Body>(url, same(NAMES), 60_000)).toEqual({ names: NAMES, add: '5' })
      await saveFile(dir, 'tools/later.ts', toolModule('later'))
      await pollJson(url, same([...NAMES, 'later'].sort()), 60_000)
      await rename(path.join(dir, 'tools/later.ts'), path.join(dir, 'tools/moved.ts'))
      await saveFile(dir, 'tools/moved.ts', toolModule('renamed_later'))
      await pollJson(url, same([...NAMES, 'renamed_later'].sort()), 60_000)
      await rm(path.join(dir, 'tools/moved.ts'))
      await pollJson(url, same(NAMES), 60_000)
    } catch (error) {
      throw new Error(`${(error as Error).message}\nastro dev printed:\n${server.output()}`)
    } finally {
      await stopServer(server.child)
    }
  })
})
