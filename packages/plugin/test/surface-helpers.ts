// Fixture projects for the surface lint tests (packages/plugin/README.md, "Surface lint"):
// real files in a temp dir, checked by the CLI's `main` in process.
import { mkdir, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { main } from '../src/cli/main.js'
import { tempDir } from './helpers.js'

export interface Run {
  code: number
  stdout: string
  stderr: string
}

export async function run(argv: string[], cwd: string): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { stdout: t => void (stdout += t), stderr: t => void (stderr += t), cwd })
  return { code, stdout, stderr }
}

/** One tool file: the import on line 1, each spec's register call on its own line from line 2. */
export const toolFile = (...specs: string[]): string =>
  `import { registry } from '@toolreg/core'\n${specs.map(s => `registry.register(${s})\n`).join('')}`

/** A spec with a long enough description and a described parameter unless `extra` overrides them. */
export const spec = (name: string, extra = '', toolset = 't'): string =>
  `{ name: '${name}', toolset: '${toolset}', description: 'Looks up the weather of a city', schema: { parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' } } } }, ${extra} handler: () => '' }`

/** A project with `tools/<file>` for each entry and `surface` in toolreg.config.json (undefined: no key). */
export async function project(files: Record<string, string>, surface?: unknown): Promise<string> {
  const dir = await tempDir('surface-lint-')
  await mkdir(path.join(dir, 'tools'), { recursive: true })
  const config = { dts: false, ...(surface === undefined ? {} : { surface }) }
  await writeFile(path.join(dir, 'toolreg.config.json'), JSON.stringify(config))
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, 'tools', file), text)
  return dir
}

export interface JsonDiagnostic {
  code: string
  severity: string
  message: string
  file: string
  line: number
  column: number
}

/** `check --format json`'s diagnostics. */
export async function diagnostics(dir: string, argv: string[] = []): Promise<JsonDiagnostic[]> {
  const r = await run(['check', '--format', 'json', ...argv], dir)
  if (r.stderr !== '') throw new Error(r.stderr)
  return (JSON.parse(r.stdout) as { diagnostics: JsonDiagnostic[] }).diagnostics
}
