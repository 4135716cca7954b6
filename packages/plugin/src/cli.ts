// `toolreg check | list | manifest`: the scanner for CI, no bundler needed.
// Parses flags, calls the core, maps the result to an exit code (SPEC §3.9).
import { mkdir, stat, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { parseArgs } from 'node:util'
import {
  countDiagnostics,
  formatDiagnostics,
  formatToolTable,
  generateManifest,
  isNameRuleName,
  resolveOptions,
  createScanner,
  type DiagnosticFormat,
  type NameRuleName,
  type ScanResult,
} from './core/index.js'

export const USAGE = `Usage: toolreg <command> [options]

Commands:
  check      report diagnostics (exit 1 when there are errors)
  list       print every tool: name, toolset, location
  manifest   print the tool manifest JSON (or write it with --out)

Options:
  --root DIR       project root (default: the current directory)
  --dir DIR        a tool directory relative to the root; repeatable (default: tools)
  --names RULE     portable | openai | anthropic | gemini | mcp | /regexp/flags (default: portable)
  --strict         warnings are errors too
  --format FMT     text | json | github (default: text)
  --out FILE       write the output to FILE instead of stdout
  -h, --help       show this help

Exit status: 0 no errors, 1 errors, 2 bad usage.`

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
}

const defaultIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
}

class UsageError extends Error {}

const COMMANDS = ['check', 'list', 'manifest'] as const
type Command = (typeof COMMANDS)[number]
const FORMATS: readonly DiagnosticFormat[] = ['text', 'json', 'github']

function parseNames(value: string | undefined): NameRuleName | RegExp | undefined {
  if (value === undefined || isNameRuleName(value)) return value
  const m = /^\/(.+)\/([a-z]*)$/s.exec(value)
  if (m) {
    try {
      return new RegExp(m[1]!, m[2])
    } catch (error) {
      throw new UsageError(`--names: invalid regular expression ${value}: ${(error as Error).message}`)
    }
  }
  throw new UsageError(`--names: unknown rule ${JSON.stringify(value)} (portable, openai, anthropic, gemini, mcp or /regexp/)`)
}

function parse(argv: readonly string[]) {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        root: { type: 'string' },
        dir: { type: 'string', multiple: true },
        names: { type: 'string' },
        strict: { type: 'boolean' },
        format: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true as const }
  const [command, ...extra] = positionals
  if (command === undefined) throw new UsageError('Missing command')
  if (!(COMMANDS as readonly string[]).includes(command)) throw new UsageError(`Unknown command ${JSON.stringify(command)}`)
  if (extra.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(extra[0])}`)
  const format = values.format ?? 'text'
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format: unknown format ${JSON.stringify(format)} (text, json or github)`)
  for (const [flag, value] of [['--root', values.root], ['--out', values.out]] as const) {
    if (value === '') throw new UsageError(`${flag} needs a value`)
  }
  if (values.dir?.some((d) => d === '')) throw new UsageError('--dir needs a value')
  return {
    help: false as const,
    command: command as Command,
    format: format as DiagnosticFormat,
    out: values.out,
    options: {
      root: values.root,
      dirs: values.dir,
      names: parseNames(values.names),
      strict: values.strict ?? false,
    },
  }
}

function render(command: Command, format: DiagnosticFormat, result: ScanResult): { output: string; report: string } {
  const { diagnostics, manifest } = result
  const summary = `${countDiagnostics(diagnostics)} in ${manifest.files.length} tool file${manifest.files.length === 1 ? '' : 's'} (${manifest.tools.length} tool${manifest.tools.length === 1 ? '' : 's'})`
  const diagText = formatDiagnostics(diagnostics, format === 'json' ? 'text' : format)
  // `list` and `manifest` own stdout; their diagnostics go to stderr.
  const report = diagnostics.length === 0 ? '' : diagText + '\n'
  switch (command) {
    case 'check':
      if (format === 'json') return { output: formatDiagnostics(diagnostics, 'json', manifest.tools) + '\n', report: '' }
      if (format === 'github') return { output: diagnostics.length === 0 ? '' : diagText + '\n', report: '' }
      return { output: (diagText === '' ? '' : diagText + '\n\n') + summary + '\n', report: '' }
    case 'list':
      return {
        output: format === 'json' ? JSON.stringify(manifest.tools, null, 2) + '\n' : formatToolTable(manifest.tools) + '\n',
        report,
      }
    case 'manifest':
      return { output: generateManifest(result), report }
  }
}

/** Run the CLI; resolves to the exit code. Never calls process.exit. */
export async function main(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  let args
  try {
    args = parse(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`toolreg: ${error.message}\n\n${USAGE}\n`)
    return 2
  }
  if (args.help) {
    io.stdout(USAGE + '\n')
    return 0
  }
  let options
  try {
    options = resolveOptions({ ...args.options, root: path.resolve(io.cwd, args.options.root ?? '.') })
  } catch (error) {
    io.stderr(`toolreg: ${(error as Error).message}\n\n${USAGE}\n`)
    return 2
  }
  // A mistyped --root would otherwise pass CI with nothing but TR007 warnings.
  const rootIsDir = await stat(options.root).then((s) => s.isDirectory(), () => false)
  if (!rootIsDir) {
    io.stderr(`toolreg: --root: ${options.root} is not a directory\n\n${USAGE}\n`)
    return 2
  }
  const result = await createScanner(options).scan()
  const hasErrors = result.diagnostics.some((d) => d.severity === 'error')
  const { output, report } = render(args.command, args.format, result)
  if (report) io.stderr(report)
  if (args.out !== undefined && !(args.command === 'manifest' && hasErrors)) {
    const file = path.resolve(io.cwd, args.out)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, output)
  } else if (args.out === undefined) {
    io.stdout(output)
  }
  return hasErrors ? 1 : 0
}
