// The Bun, Deno and TypeScript binaries the root devDependencies install. npm runs no
// install scripts here: Bun's postinstall never links its binary, so it is found where the
// package ships it. A missing binary is a failure, never a skip.
import { existsSync } from 'node:fs'
import { cp, mkdir, symlink } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot, tempDir } from '../../packages/plugin/test/helpers.js'
import { run } from './run.js'

function firstExisting(what: string, candidates: string[]): string {
  const found = candidates.find(file => existsSync(file))
  if (found === undefined) throw new Error(`${what} not found (looked at ${candidates.join(', ')}): run npm ci`)
  return found
}

/** Bun's binary: the platform package's, else the placeholder path the `bun` package ships it under. */
export const bunBin = (): string =>
  firstExisting('bun', [
    path.join(repoRoot, 'node_modules/@oven/bun-linux-x64/bin/bun'),
    path.join(repoRoot, 'node_modules/bun/bin/bun.exe'),
  ])

/** The `deno` package's launcher (it runs the binary of @deno/<platform>). */
export const denoBin = (): string => firstExisting('deno', [path.join(repoRoot, 'node_modules/deno/bin.cjs')])

/** Inside the repository (git-ignored): a project there resolves packages from the root node_modules. */
export const IN_REPO_TEMP = path.join(repoRoot, 'test/.tmp')

export const tscBin = (): string => firstExisting('tsc', [path.join(repoRoot, 'node_modules/typescript/bin/tsc')])

export const esbuildBin = (): string =>
  firstExisting('esbuild', [path.join(repoRoot, 'node_modules/esbuild/bin/esbuild')])

/**
 * A fixture copied to a temp dir, with `@toolreg/core` (and `@toolreg/plugin`) linked into
 * its node_modules, as an installed project has them. `parent`: where the temp dir goes (the
 * git-ignored test/.tmp, IN_REPO_TEMP, when the fixture's config imports its bundler from the
 * root node_modules); default the OS temp dir.
 */
export async function projectFrom(fixtureDir: string, parent?: string): Promise<string> {
  const dir = path.join(await tempDir('toolreg-project-', parent), path.basename(fixtureDir))
  await cp(fixtureDir, dir, { recursive: true })
  // A fixture without tools of its own gets the shared set of the build fixture.
  if (!existsSync(path.join(fixtureDir, 'tools')))
    await cp(path.join(repoRoot, 'test/fixtures/build-app/tools'), path.join(dir, 'tools'), { recursive: true })
  await mkdir(path.join(dir, 'node_modules/@toolreg'), { recursive: true })
  for (const pkg of ['core', 'plugin'])
    await symlink(path.join(repoRoot, 'packages', pkg), path.join(dir, 'node_modules/@toolreg', pkg), 'dir')
  return dir
}

/** What an app over the build fixture's tools reports: names, sources, manifest files, `add(2, 3)`. */
export const SHARED_TOOLS_REPORT = {
  names: ['add', 'fetch_page', 'multiply', 'web_search'],
  toolNames: ['add', 'fetch_page', 'multiply', 'web_search'],
  sources: {
    fetch_page: 'tools/fetch_page.ts:9:26',
    add: 'tools/math.ts:7:1',
    multiply: 'tools/math.ts:14:1',
    web_search: 'tools/web_search.ts:4:1',
  },
  manifestFiles: ['tools/fetch_page.ts', 'tools/math.ts', 'tools/web_search.ts'],
  add: '5',
}

/** The `TOOLREG_REPORT {…}` line a fixture app prints, parsed; a failure carries everything it printed. */
export async function appReport(command: string, args: string[], cwd: string): Promise<unknown> {
  const r = await run(command, args, cwd)
  const line = r.stdout.split('\n').find(l => l.startsWith('TOOLREG_REPORT '))
  if (r.code !== 0 || !line) throw new Error(`${command} ${args.join(' ')} exited ${r.code}\n${r.stdout}\n${r.stderr}`)
  return JSON.parse(line.slice('TOOLREG_REPORT '.length))
}
