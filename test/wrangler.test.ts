// wrangler alone (its own esbuild, no plugin hook): `toolreg generate` as wrangler.jsonc's
// `build.command`. `wrangler deploy --dry-run --outdir` builds the fixture Worker, and the
// bundle run in workerd answers with the registered tools and one dispatch — importing the
// generated file, and through wrangler's `alias` for `virtual:tool-registry`; a duplicate
// fails the build with TR001; under `wrangler dev` (`build.watch_dir`: tools) an added, a
// renamed and a deleted tool reach the Worker without a restart, and a duplicate is printed
// and its fix applied. The README's wrangler snippets are the fixture's files.
import { mkdir, readFile, rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanupTemps, fixture } from '../packages/plugin/test/helpers.js'
import {
  addAndRename,
  addDuplicate,
  OFFLINE_ENV,
  removeAdded,
  sameNames,
  toolModule,
  WRANGLER_BIN,
  type WorkerBody,
  whileServing,
  readmeSection,
} from './helpers/cloudflare.js'
import { run } from './helpers/run.js'
import { projectFrom, SHARED_TOOLS_REPORT } from './helpers/runtimes.js'
import { freePort, pollJson, type Server, saveFile, startServer, stopServer } from './helpers/servers.js'
import { getJson, startWorkerd, type WorkerdServer } from './helpers/workerd.js'

const NAMES = SHARED_TOOLS_REPORT.names
const FIXTURE = fixture('cloudflare-wrangler')

let app: string
/** As `npx wrangler` and npm scripts run it: the project's node_modules/.bin on the path. */
let env: NodeJS.ProcessEnv
const servers: Server[] = []
const workers: WorkerdServer[] = []
beforeAll(async () => {
  app = await projectFrom(FIXTURE)
  // What npm links for the installed @toolreg/plugin.
  await mkdir(path.join(app, 'node_modules/.bin'))
  await symlink('../@toolreg/plugin/bin/toolreg.js', path.join(app, 'node_modules/.bin/toolreg'))
  env = { ...OFFLINE_ENV, PATH: `${path.join(app, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` }
})
afterAll(async () => {
  await Promise.all([...servers.map(server => stopServer(server.child)), ...workers.map(worker => worker.stop())])
  await cleanupTemps()
})

const wrangler = (args: string[]) => run(process.execPath, [WRANGLER_BIN, ...args], app, env)

describe('the README', () => {
  it("shows the fixture's files in its wrangler section", async () => {
    const section = await readmeSection('#### wrangler alone', '\n### ')
    for (const file of ['wrangler.jsonc', 'src/worker.ts'])
      expect(section, file).toContain(await readFile(path.join(FIXTURE, file), 'utf8'))
    const alias = (await readFile(path.join(FIXTURE, 'alias.wrangler.jsonc'), 'utf8'))
      .split('\n')
      .find(line => line.includes('"alias"'))
    expect(section).toContain(`\n${alias?.trim()}\n`)
  })
})

describe.sequential('wrangler with toolreg generate as its build command', () => {
  it.each([
    ['the generated file imported', 'wrangler.jsonc', 'worker.js'],
    ['virtual:tool-registry aliased to it', 'alias.wrangler.jsonc', 'alias-worker.js'],
  ])(
    'wrangler deploy --dry-run builds; the bundle answers in workerd (%s)',
    async (_, config, bundle) => {
      const outdir = `dist-${config.replace(/\W/g, '-')}`
      const built = await wrangler(['deploy', '--dry-run', '--outdir', outdir, '--config', config])
      expect(built.code, built.stdout + built.stderr).toBe(0)
      expect(built.stdout).toContain('[custom build] Running: toolreg generate --out src/tool-registry.gen.ts')
      const worker = await startWorkerd({ bundle: path.join(app, outdir, bundle) })
      workers.push(worker)
      const { status, body } = await getJson<WorkerBody>(worker.url)
      expect(status, worker.output()).toBe(200)
      expect(body).toEqual({ names: NAMES, toolNames: NAMES, add: '5' })
      await worker.stop()
    },
    120_000,
  )

  it('a duplicate tool name fails the build step: wrangler exits non-zero with TR001 naming both files', async () => {
    await saveFile(app, 'tools/add_again.ts', toolModule('add'))
    try {
      const built = await wrangler(['deploy', '--dry-run', '--outdir', 'dist-duplicate'])
      const output = built.stdout + built.stderr
      expect(built.code, output).not.toBe(0)
      expect(output).toContain('tools/math.ts:7:1 - error TR001: Duplicate tool name "add"')
      expect(output).toContain('tools/add_again.ts:3:1 - also registered here')
      expect(output).toContain('Running custom build `toolreg generate --out src/tool-registry.gen.ts` failed')
    } finally {
      await removeAdded(app)
    }
  }, 120_000)

  it('wrangler dev: an added, a renamed and a deleted tool reach the Worker; a duplicate is printed, its fix applies', async () => {
    const [port, inspector] = [await freePort(), await freePort()]
    const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--inspector-port', String(inspector)]
    const server = startServer(process.execPath, [WRANGLER_BIN, ...args], app, env)
    servers.push(server)
    const url = `http://127.0.0.1:${port}/`
    await whileServing(app, server, async () => {
      await addAndRename(app, url)
      await addDuplicate(app, server.output)
      await rm(path.join(app, 'tools/add_again.ts'))
      await rm(path.join(app, 'tools/moved.ts'))
      expect(await pollJson(url, sameNames(NAMES))).toEqual({ names: NAMES, toolNames: NAMES, add: '5' })
      expect(server.child.exitCode).toBeNull()
    })
  }, 360_000)
})
