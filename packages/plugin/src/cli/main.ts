// `toolreg check | list | manifest | types | generate | diff`: the scanner for CI, no bundler needed.
// Parses flags, reads the project's shared configuration (the one the plugin reads),
// calls the core, maps the result to an exit code (packages/plugin/README.md, "CLI").
import { readFile, stat } from 'node:fs/promises'
import * as path from 'node:path'
import { parseArgs } from 'node:util'
import { OptionError } from '../options/options.js'
import { parseNameRule, resolveProjectOptions } from '../options/config.js'
import { countDiagnostics, formatDiagnostics, formatToolTable, type DiagnosticFormat } from '../diagnostics/format.js'
import { generateManifest } from '../codegen/manifest.js'
import { createScanner } from '../scan/scanner.js'
import type { NameRuleName, ScanResult, Severity } from '../types.js'
import { dtsState, writeDtsFile, type DtsState } from '../codegen/dts-file.js'
import { writeOut } from './write-out.js'
import { DEFAULT_GENERATE_OUT, generate } from './generate.js'
import { moduleFilesState, staleModuleFileMessage } from '../dev/generated-file.js'
import { runDiff } from './diff.js'
import { apiText } from '../codegen/api-file.js'
import { manifestWithDefinitions } from '../scan/cross-file/definitions.js'
import { packageRoot } from '../scan/package-root.js'
import { resolveSurface } from '../options/surface.js'
import { lintSurface, surfaceLine, type SurfaceSummary } from '../lint/surface.js'

const USAGE = `Usage: toolreg <command> [options]

Commands:
  check      report diagnostics (exit 1 when there are errors)
  list       print every tool: name, toolset, location
  manifest   print the tool manifest JSON (or write it with --out)
  types      write the .d.ts of virtual:tool-registry (--check: exit 1 when it is stale)
  generate   write virtual:tool-registry as a file (--out, default tool-registry.gen.ts;
             --watch: rewrite it on every change; --check: exit 1 when it is stale)
             for runtimes no plugin reaches
  api        print the code-mode declarations of the tools (declare const tools: …), as
             createCodeMode of @toolreg/core/code-mode writes them, and their token count
  diff       compare two manifests of \`manifest --definitions\` (toolreg diff --help)

Options come from the project's toolreg.config.{ts,mts,mjs,js,cjs,json} or package.json
"toolreg" key (the ones the bundler plugin reads); flags override them.

Options:
  --root DIR       project root (default: the current directory)
  --config FILE    read this config file (relative to the root) instead of looking one up
  --dir DIR        a tool directory relative to the root; repeatable (default: tools)
  --names RULE     portable | openai | anthropic | gemini | mcp | /regexp/flags (default: portable)
  --strict         warnings are errors too
  --format FMT     text | json | github (default: text)
  --out FILE       write the output to FILE instead of stdout
  --check          types, generate: only check that the file is up to date
  --generated FILE check: the file of \`toolreg generate\` to check (default
                   tool-registry.gen.ts in the root, when it exists)
  --definitions    manifest: add each tool's static definition (for toolreg diff)
  --surface        check: lint the tool surface (TR201–TR207) with the defaults even
                   when the configuration has no "surface" key
  --fail-on SEV    check: exit 1 on any diagnostic of SEV or worse: error | warning
                   (default: error)
  --watch          generate: keep running and rewrite the file on every change
  -v, --version    print the version
  -h, --help       show this help

Exit status: 0 no errors, 1 errors, 2 bad usage.`

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  cwd: string
}

const defaultIo: CliIo = {
  stdout: text => void process.stdout.write(text),
  stderr: text => void process.stderr.write(text),
  cwd: process.cwd(),
}

class UsageError extends Error {}

const COMMANDS = ['check', 'list', 'manifest', 'types', 'generate', 'api'] as const
type Command = (typeof COMMANDS)[number]
const FORMATS: readonly DiagnosticFormat[] = ['text', 'json', 'github']

function parseNames(value: string | undefined): NameRuleName | RegExp | undefined {
  if (value === undefined) return undefined
  try {
    return parseNameRule(value, '--names')
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

/** The package's version, from its package.json. */
async function version(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }
  return pkg.version
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
        config: { type: 'string' },
        check: { type: 'boolean' },
        generated: { type: 'string' },
        watch: { type: 'boolean' },
        definitions: { type: 'boolean' },
        surface: { type: 'boolean' },
        'fail-on': { type: 'string' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) return { help: true as const }
  if (values.version) return { help: false as const, version: true as const }
  const [command, ...extra] = positionals
  if (command === undefined) throw new UsageError('Missing command')
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new UsageError(`Unknown command ${JSON.stringify(command)}`)
  if (extra.length > 0) throw new UsageError(`Unexpected argument ${JSON.stringify(extra[0])}`)
  if (values.check && command !== 'types' && command !== 'generate')
    throw new UsageError('--check applies to `toolreg types` and `toolreg generate` only')
  if (values.check && values.watch) throw new UsageError('--check and --watch do not go together')
  if (values.generated !== undefined && command !== 'check')
    throw new UsageError('--generated applies to `toolreg check` only')
  if (values.watch && command !== 'generate') throw new UsageError('--watch applies to `toolreg generate` only')
  if (values.definitions && command !== 'manifest')
    throw new UsageError('--definitions applies to `toolreg manifest` only')
  if ((values.surface || values['fail-on'] !== undefined) && command !== 'check')
    throw new UsageError(`${values.surface ? '--surface' : '--fail-on'} applies to \`toolreg check\` only`)
  const failOn = values['fail-on'] ?? 'error'
  if (failOn !== 'error' && failOn !== 'warning')
    throw new UsageError(`--fail-on: unknown severity ${JSON.stringify(failOn)} (error or warning)`)
  const format = values.format ?? 'text'
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format: unknown format ${JSON.stringify(format)} (text, json or github)`)
  for (const [flag, value] of [
    ['--root', values.root],
    ['--out', values.out],
    ['--config', values.config],
    ['--generated', values.generated],
  ] as const) {
    if (value === '') throw new UsageError(`${flag} needs a value`)
  }
  if (values.dir?.some(d => d === '')) throw new UsageError('--dir needs a value')
  return {
    help: false as const,
    version: false as const,
    command: command as Command,
    format: format as DiagnosticFormat,
    out: values.out,
    generated: values.generated,
    check: values.check ?? false,
    watch: values.watch ?? false,
    definitions: values.definitions ?? false,
    surface: values.surface ?? false,
    failOn: failOn as Severity,
    options: {
      root: values.root,
      config: values.config,
      dirs: values.dir,
      names: parseNames(values.names),
      // Absent flags leave the configuration's value in force.
      strict: values.strict,
    },
  }
}

function render(
  command: Exclude<Command, 'generate'>,
  format: DiagnosticFormat,
  result: ScanResult,
  surface?: SurfaceSummary,
): { output: string; report: string } {
  const { diagnostics, manifest } = result
  const summary = `${countDiagnostics(diagnostics)} in ${manifest.files.length} tool file${manifest.files.length === 1 ? '' : 's'} (${manifest.tools.length} tool${manifest.tools.length === 1 ? '' : 's'})`
  const diagText = formatDiagnostics(diagnostics, format === 'json' ? 'text' : format)
  // `list` and `manifest` own stdout; their diagnostics go to stderr.
  const report = diagnostics.length === 0 ? '' : diagText + '\n'
  switch (command) {
    case 'check':
      if (format === 'json') {
        // The shape of formatDiagnostics' JSON, with the surface lint's token summary.
        const json = surface
          ? JSON.stringify({ diagnostics, tools: manifest.tools, surface }, null, 2)
          : formatDiagnostics(diagnostics, 'json', manifest.tools)
        return { output: json + '\n', report: '' }
      }
      if (format === 'github') return { output: diagnostics.length === 0 ? '' : diagText + '\n', report: '' }
      return {
        output:
          (diagText === '' ? '' : diagText + '\n\n') + summary + '\n' + (surface ? surfaceLine(surface) + '\n' : ''),
        report: '',
      }
    case 'list':
      return {
        output:
          format === 'json' ? JSON.stringify(manifest.tools, null, 2) + '\n' : formatToolTable(manifest.tools) + '\n',
        report,
      }
    case 'manifest':
      return { output: generateManifest(result), report }
    case 'types':
    case 'api':
      return { output: '', report }
  }
}

/** The stale-.d.ts notice of `check`, in the output's format; '' when it is current. */
function staleNotice(state: DtsState | undefined, format: DiagnosticFormat): { stdout: string; stderr: string } {
  // Missing is fine here: a project may keep it out of git and run `toolreg types` before tsc.
  if (state?.state !== 'stale') return { stdout: '', stderr: '' }
  const message = staleMessage(state)
  if (format === 'github')
    return { stdout: `::warning file=${state.name},title=toolreg types::${message}\n`, stderr: '' }
  return { stdout: '', stderr: `toolreg: warning: ${message}\n` }
}

/**
 * The state of the file of `toolreg generate` for `check`: undefined when it is current, when
 * the scan has errors (reported already), or when it is missing and was not named (a project
 * that does not generate one).
 */
async function generatedState(
  result: ScanResult,
  out: string,
  named: boolean,
): Promise<{ file: string; state: 'missing' | 'stale' } | { file: string; refused: string } | undefined> {
  if (
    !named &&
    !(await stat(out).then(
      s => s.isFile(),
      () => false,
    ))
  )
    return undefined
  const state = await moduleFilesState(result, out)
  if (!state.ok) return state.code === 2 ? { file: out, refused: state.message } : undefined
  return state.stale
}

/** The stale-generated-file notice of `check`, in the output's format; '' when it is current. */
function generatedNotice(
  root: string,
  state: Awaited<ReturnType<typeof generatedState>>,
  format: DiagnosticFormat,
): { stdout: string; stderr: string } {
  if (state === undefined) return { stdout: '', stderr: '' }
  if ('refused' in state) return { stdout: '', stderr: `toolreg: warning: --generated: ${state.refused}\n` }
  const message = staleModuleFileMessage(root, state)
  if (format === 'github') {
    const name = path.relative(root, state.file).split(path.sep).join('/')
    return { stdout: `::warning file=${name},title=toolreg generate::${message}\n`, stderr: '' }
  }
  return { stdout: '', stderr: `toolreg: warning: ${message}\n` }
}

/** `toolreg types [--check]`: 0 written or current, 1 stale under --check (or error diagnostics). */
async function runTypes(result: ScanResult, check: boolean, io: CliIo): Promise<number> {
  const state = await dtsState(result)
  if (!state) {
    io.stderr('toolreg: types: the configuration sets `dts: false`: there is no declarations file to write\n')
    return 2
  }
  if (check) {
    if (state.state !== 'current') {
      io.stderr(`toolreg: ${staleMessage(state)}\n`)
      return 1
    }
    io.stdout(`${state.name} is up to date\n`)
  } else {
    await writeDtsFile(state)
    io.stdout(state.state === 'current' ? `${state.name} is up to date\n` : `wrote ${state.name}\n`)
  }
  return 0
}

/** Run the CLI; resolves to the exit code. Never calls process.exit. */
export async function main(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  // `diff` reads two manifests, not a project: its own flags (cli/diff.ts).
  if (argv[0] === 'diff') return runDiff(argv.slice(1), io)
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
  if (args.version) {
    io.stdout(`${await version()}\n`)
    return 0
  }
  let options
  try {
    options = resolveProjectOptions({ ...args.options, root: path.resolve(io.cwd, args.options.root ?? '.') })
  } catch (error) {
    // A bad option value shows the usage; a bad config file only its message.
    const message = (error as Error).message.replace(/^toolreg: /, '')
    io.stderr(`toolreg: ${message}\n${error instanceof OptionError ? `\n${USAGE}\n` : ''}`)
    return 2
  }
  // A mistyped --root would otherwise pass CI with nothing but TR007 warnings.
  const rootIsDir = await stat(options.root).then(
    s => s.isDirectory(),
    () => false,
  )
  if (!rootIsDir) {
    io.stderr(`toolreg: --root: ${options.root} is not a directory\n\n${USAGE}\n`)
    return 2
  }
  if (args.command === 'generate') {
    const out = path.resolve(args.out === undefined ? options.root : io.cwd, args.out ?? DEFAULT_GENERATE_OUT)
    return generate(options, { out, watch: args.watch, check: args.check, format: args.format }, io)
  }
  // CI's check: every file through @babel/parser, so a syntax error the fast path would skip is TR004.
  let result = await createScanner({ ...options, fullParse: true }).scan()
  // `check`'s surface lint (README "Surface lint"): its diagnostics join the scan's.
  let surface: SurfaceSummary | undefined
  const surfaceOptions = options.surface ?? (args.surface ? resolveSurface({}) : undefined)
  if (args.command === 'check' && surfaceOptions) {
    const lint = await lintSurface(result, surfaceOptions)
    surface = lint.summary
    const diagnostics = [...result.diagnostics, ...lint.diagnostics].sort(byPlace)
    result = { ...result, diagnostics }
  }
  const failing: readonly Severity[] = args.failOn === 'warning' ? ['error', 'warning'] : ['error']
  const hasErrors = result.diagnostics.some(d => failing.includes(d.severity))
  const rendered = render(args.command, args.format, result, surface)
  const { report } = rendered
  const api = args.command === 'api' ? await apiText(result) : undefined
  if (api) io.stderr(`toolreg api: ${api.summary}\n`)
  const output = args.definitions
    ? JSON.stringify(await manifestWithDefinitions(result), null, 2) + '\n'
    : (api?.text ?? rendered.output)
  if (report) io.stderr(report)
  if (args.command === 'types') {
    const code = await runTypes(result, args.check, io)
    return code === 0 && hasErrors ? 1 : code
  }
  if (args.command === 'check') {
    const generated =
      args.generated === undefined
        ? path.resolve(options.root, DEFAULT_GENERATE_OUT)
        : path.resolve(io.cwd, args.generated)
    for (const notice of [
      staleNotice(await dtsState(result), args.format),
      generatedNotice(options.root, await generatedState(result, generated, args.generated !== undefined), args.format),
    ]) {
      if (notice.stderr) io.stderr(notice.stderr)
      if (notice.stdout) (args.out === undefined ? io.stdout : io.stderr)(notice.stdout)
    }
  }
  if (args.out !== undefined && !(args.command === 'manifest' && hasErrors)) {
    const failure = await writeOut(path.resolve(io.cwd, args.out), output)
    if (failure !== undefined) {
      io.stderr(failure + '\n')
      return 2
    }
  } else if (args.out === undefined) {
    io.stdout(output)
  }
  return hasErrors ? 1 : 0
}

/** Diagnostics in file, line, column order (the scan's order; a stable sort keeps ties as they were). */
const byPlace = (a: { file: string; line: number; column: number }, b: typeof a): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column

/** The one-line notice of `toolreg check` and `toolreg types --check`. */
function staleMessage(state: DtsState): string {
  return state.state === 'missing'
    ? `${state.name} is missing: run \`toolreg types\` (and commit it) so the project type-checks before its first build`
    : `${state.name} is out of date with the tool files: run \`toolreg types\` (or a build) and commit it`
}
