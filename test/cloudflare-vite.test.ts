// Cloudflare's Vite plugin (@cloudflare/vite-plugin) beside @toolreg/plugin/vite, through
// Vite's own CLI: `vite build` of the fixture Worker, its output run by `wrangler dev` (the
// redirected config the build writes, as Cloudflare documents it) answering with the
// registered tools and one dispatch; a duplicate failing `vite build` with TR001; and `vite
// dev`, where the Worker runs in workerd: an added and a renamed tool reach it without a
// restart, a duplicate is printed in the terminal while the Worker keeps its registry, and
// a server started with a duplicate comes up and recovers. The README's Cloudflare snippets
// are the fixture's files.
import { readdir, readFile, rm } from 'node:fs/promises'
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
  VITE_BIN,
  WRANGLER_BIN,
  type WorkerBody,
  whileServing,
  readmeSection,
} from './helpers/cloudflare.js'
import { run } from './helpers/run.js'
import { IN_REPO_TEMP, projectFrom, SHARED_TOOLS_REPORT } from './helpers/runtimes.js'
import { freePort, pollJson, type Server, saveFile, startServer, stopServer } from './helpers/servers.js'

const NAMES = SHARED_TOOLS_REPORT.names
const FIXTURE = fixture('cloudflare-vite')

let app: string
const servers: Server[] = []
beforeAll(async () => {
  // In the repository: vite.config.ts imports Vite and Cloudflare's plugin from the root node_modules.
  app = await projectFrom(FIXTURE, IN_REPO_TEMP)
})
afterAll(async () => {
  await Promise.all(servers.map(server => stopServer(server.child)))
  await cleanupTemps()
})

function serve(command: string, args: string[]): Server {
  const server = startServer(process.execPath, [command, ...args], app, OFFLINE_ENV)
  servers.push(server)
  return server
}

/** `vite dev` on a free port; the Worker answers at `url`. */
async function viteDev(): Promise<{ url: string; server: Server }> {
  const port = await freePort()
  const server = serve(VITE_BIN, ['dev', '--port', String(port), '--strictPort', '--host', '127.0.0.1'])
  return { url: `http://127.0.0.1:${port}/`, server }
}

const vite = (args: string[]) => run(process.execPath, [VITE_BIN, ...args], app, OFFLINE_ENV)
const tr001 = (server: Server) => server.output().split('error TR001').length - 1

describe('the README', () => {
  it("shows the fixture's files in its Cloudflare section", async () => {
    const section = await readmeSection('### Cloudflare Workers', '\n#### wrangler alone')
    for (const file of ['vite.config.ts', 'wrangler.jsonc', 'src/worker.ts'])
      expect(section, file).toContain(await readFile(path.join(FIXTURE, file), 'utf8'))
  })
})

describe.sequential('@cloudflare/vite-plugin with @toolreg/plugin/vite', () => {
  it('vite build, then wrangler dev on its output: the Worker answers with the tools and a dispatch', async () => {
    const built = await vite(['build'])
    expect(built.code, built.stdout + built.stderr).toBe(0)
    // The Worker's output has the manifest; there is no public client output.
    expect(await readdir(path.join(app, 'dist/tools_worker'))).toEqual(
      expect.arrayContaining(['index.js', 'tool-manifest.json', 'wrangler.json']),
    )
    const [port, inspector] = [await freePort(), await freePort()]
    const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--inspector-port', String(inspector)]
    const server = serve(WRANGLER_BIN, args)
    await whileServing(app, server, async () => {
      const body = await pollJson<WorkerBody>(`http://127.0.0.1:${port}/`, () => true, 60_000)
      expect(body).toEqual({ names: NAMES, toolNames: NAMES, add: '5', loadErrors: [] })
      expect(server.output()).toContain('dist/tools_worker/wrangler.json')
    })
  }, 120_000)

  it('a duplicate tool name fails vite build with TR001 naming both files', async () => {
    await saveFile(app, 'tools/add_again.ts', toolModule('add'))
    try {
      const built = await vite(['build'])
      const output = built.stdout + built.stderr
      expect(built.code, output).not.toBe(0)
      expect(output).toContain('tools/math.ts:7:1 - error TR001: Duplicate tool name "add"')
      expect(output).toContain('tools/add_again.ts:3:1 - also registered here')
    } finally {
      await removeAdded(app)
    }
  }, 120_000)

  it('vite dev: an added, a renamed and a deleted tool reach the Worker; a duplicate is printed once, the Worker keeps answering, the fix applies', async () => {
    const { url, server } = await viteDev()
    await whileServing(app, server, async () => {
      const renamed = await addAndRename(app, url)
      await addDuplicate(app, server.output)
      expect(tr001(server)).toBe(1)
      // The last good registry, while the error exists.
      expect(await pollJson<WorkerBody>(url, () => true)).toMatchObject({ names: renamed, add: '5' })
      await rm(path.join(app, 'tools/add_again.ts'))
      await expect.poll(server.output, { timeout: 60_000 }).toContain('the tool files have no errors now')
      await rm(path.join(app, 'tools/moved.ts'))
      await pollJson(url, sameNames(NAMES))
      expect(server.child.exitCode).toBeNull()
    })
  }, 360_000)

  it('vite dev started with a duplicate: the server comes up, the Worker answers with the error in loadErrors, the fix recovers it', async () => {
    await saveFile(app, 'tools/add_again.ts', toolModule('add'))
    const { url, server } = await viteDev()
    await whileServing(app, server, async () => {
      const inError = await pollJson<WorkerBody>(url, () => true)
      expect(inError).toMatchObject({ names: [], toolNames: [] })
      expect(inError.loadErrors).toEqual([{ file: 'tools/math.ts', error: expect.stringMatching(/^TR001: .*"add"/) }])
      expect(tr001(server)).toBeGreaterThan(0)
      expect(server.child.exitCode).toBeNull()
      await rm(path.join(app, 'tools/add_again.ts'))
      const fixed = await pollJson(url, sameNames(NAMES))
      expect(fixed).toEqual({ names: NAMES, toolNames: NAMES, add: '5', loadErrors: [] })
    })
  }, 360_000)
})
