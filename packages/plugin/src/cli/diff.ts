// `toolreg diff BASE.json HEAD.json [--format text|json|markdown|github] [--fail-on breaking|any]`:
// two manifests of `toolreg manifest --definitions` compared for review in CI (README: "CLI").
import { readFile } from 'node:fs/promises'
import * as path from 'node:path'
import { parseArgs } from 'node:util'
import { diffManifests } from '../codegen/diff/manifest-diff.js'
import { failsOn, formatDiff, type DiffFormat, type FailOn } from '../codegen/diff/diff-report.js'
import { checkManifest } from '../codegen/manifest-shape.js'
import { printable } from '../diagnostics/format.js'
import type { ToolManifest } from '../types.js'

interface DiffIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
}

const DIFF_USAGE = `Usage: toolreg diff BASE.json HEAD.json [--format text|json|markdown|github] [--fail-on breaking|any]

Compares two manifests written by \`toolreg manifest --definitions\`.
  --format FMT      text | json | markdown (a pull-request comment) | github (annotations); default text
  --fail-on WHAT    breaking: exit 1 on a breaking or security change; any: on any change

Exit status: 0 compared, 1 --fail-on matched, 2 bad usage or an unreadable or malformed manifest.`

const FORMATS: readonly DiffFormat[] = ['text', 'json', 'markdown', 'github']
const FAIL_ON: readonly FailOn[] = ['breaking', 'any']

/** The manifest in `file`, or one line saying why it is not one (printable: it quotes the file). */
async function readManifest(file: string, cwd: string): Promise<ToolManifest | string> {
  let manifest: unknown
  try {
    manifest = JSON.parse(await readFile(path.resolve(cwd, file), 'utf8'))
  } catch (error) {
    return printable(`${file}: ${(error as Error).message}`)
  }
  const checked = checkManifest(manifest)
  return checked.ok ? checked.manifest : printable(`${file}: ${checked.problem}`)
}

/** Runs `toolreg diff` with the arguments after `diff`; resolves to the exit code. */
export async function runDiff(argv: readonly string[], io: DiffIo): Promise<number> {
  const usage = (message: string) => (io.stderr(`toolreg: ${message}\n\n${DIFF_USAGE}\n`), 2)
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { format: { type: 'string' }, 'fail-on': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    return usage((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) return (io.stdout(DIFF_USAGE + '\n'), 0)
  if (positionals.length !== 2) return usage('diff needs two manifests: BASE.json HEAD.json')
  const format = (values.format ?? 'text') as DiffFormat
  if (!FORMATS.includes(format))
    return usage(`--format: unknown format ${JSON.stringify(format)} (text, json, markdown or github)`)
  const failOn = values['fail-on'] as FailOn | undefined
  if (failOn !== undefined && !FAIL_ON.includes(failOn))
    return usage(`--fail-on: ${JSON.stringify(failOn)} is neither breaking nor any`)
  const [base, head] = await Promise.all(positionals.map(f => readManifest(f, io.cwd)))
  for (const m of [base, head]) if (typeof m === 'string') return (io.stderr(`toolreg: ${m}\n`), 2)
  const diff = diffManifests(base as ToolManifest, head as ToolManifest)
  io.stdout(formatDiff(diff, format))
  return failsOn(diff, failOn) ? 1 : 0
}
