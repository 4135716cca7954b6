// What the Cloudflare tests share: the CLIs the root devDependencies install, and an
// environment in which they need no network and no login (no metrics, no update check, no
// download of the `Request.cf` placeholder).
import { readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { expect } from 'vitest'
import { repoRoot } from '../../packages/plugin/test/helpers.js'
import { SHARED_TOOLS_REPORT } from './runtimes.js'
import { pollJson, type Server, saveFile, stopServer } from './servers.js'

export const VITE_BIN = path.join(repoRoot, 'node_modules/vite/bin/vite.js')
export const WRANGLER_BIN = path.join(repoRoot, 'node_modules/wrangler/bin/wrangler.js')

export const OFFLINE_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  CI: 'true',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
}

/** What the fixture Workers answer: the registered tools, the module's names, `add(2, 3)`. */
export interface WorkerBody {
  names: string[]
  toolNames: string[]
  add: unknown
  loadErrors?: { file: string; error: string }[]
}

export const toolModule = (name: string) => `import { registry } from '@toolreg/core'

registry.register({ name: '${name}', toolset: 'util', schema: {}, handler: () => '${name}' })
`

export const sameNames = (names: string[]) => (body: WorkerBody) => JSON.stringify(body.names) === JSON.stringify(names)

const NAMES = SHARED_TOOLS_REPORT.names

/**
 * The Worker at `url`, over the build fixture's tools, gets a tool file added, then renamed
 * (the file moves and its tool takes a new name: the old name must go), each polled until
 * served. Resolves with the names after the rename.
 */
export async function addAndRename(app: string, url: string): Promise<string[]> {
  await pollJson(url, sameNames(NAMES))
  await saveFile(app, 'tools/later.ts', toolModule('added_later'))
  await pollJson(url, sameNames(['add', 'added_later', 'fetch_page', 'multiply', 'web_search']))
  await rename(path.join(app, 'tools/later.ts'), path.join(app, 'tools/moved.ts'))
  await saveFile(app, 'tools/moved.ts', toolModule('renamed_later'))
  const renamed = ['add', 'fetch_page', 'multiply', 'renamed_later', 'web_search']
  await pollJson(url, sameNames(renamed))
  return renamed
}

/** A second `add` (TR001 at tools/math.ts); resolves once `output` names both sites. */
export async function addDuplicate(app: string, output: () => string): Promise<void> {
  await saveFile(app, 'tools/add_again.ts', toolModule('add'))
  await expect.poll(output, { timeout: 60_000 }).toContain('tools/math.ts:7:1 - error TR001: Duplicate tool name "add"')
  // The report reaches the pipe in chunks: its later lines may come after the first.
  await expect.poll(output, { timeout: 10_000 }).toContain('tools/add_again.ts:3:1 - also registered here')
}

/** Removes what `addAndRename` and `addDuplicate` added. */
export async function removeAdded(app: string): Promise<void> {
  for (const file of ['tools/later.ts', 'tools/moved.ts', 'tools/add_again.ts'])
    await rm(path.join(app, file), { force: true })
}

/**
 * Runs `steps` against a started server; a failure carries everything it printed. Then the
 * server is stopped (its process group) and the added tool files are removed.
 */
export async function whileServing(app: string, server: Server, steps: () => Promise<void>): Promise<void> {
  try {
    await steps()
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- server output ---\n${server.output()}`)
  } finally {
    await stopServer(server.child)
    await removeAdded(app)
  }
}

/** The plugin README from the line `heading` to the next heading of `until` (e.g. '\n### '). */
export async function readmeSection(heading: string, until: string): Promise<string> {
  const readme = await readFile(path.join(repoRoot, 'packages/plugin/README.md'), 'utf8')
  const start = readme.indexOf(`\n${heading}\n`)
  return readme.slice(start, readme.indexOf(until, start + heading.length + 2))
}
