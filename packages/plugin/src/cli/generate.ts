// `toolreg generate [--out FILE] [--watch | --check]`: `virtual:tool-registry` as a real file for the
// runtimes and bundlers no plugin reaches (packages/plugin/README.md, "toolreg generate").
// The file and its watcher are ../dev/generated-file.ts, shared with `@toolreg/plugin/next`;
// this adds the flags, the exit code and Ctrl-C.
import { createGeneratedFile, DEFAULT_GENERATE_OUT } from '../dev/generated-file.js'
import type { DiagnosticFormat } from '../diagnostics/format.js'
import type { ResolvedOptions } from '../types.js'
import { outConflict } from '../dev/out-path.js'
import { writeOut } from './write-out.js'

export { DEFAULT_GENERATE_OUT }

interface GenerateIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
}

interface GenerateArgs {
  /** Absolute path of the file to write. */
  out: string
  watch: boolean
  /** Write nothing; exit 1 when a file would change. */
  check: boolean
  format: DiagnosticFormat
}

export async function generate(options: ResolvedOptions, args: GenerateArgs, io: GenerateIo): Promise<number> {
  // A path in a tool dir is refused before the scan (the scan checks its files once more).
  const conflict = await outConflict(options.root, options.dirs, [args.out])
  if (conflict) {
    io.stderr(`toolreg: generate: refusing to write ${conflict.file}: ${conflict.why}\n`)
    return 2
  }
  const file = createGeneratedFile(options, {
    out: args.out,
    format: args.format,
    check: args.check,
    io,
    write: async (path, content) => (await writeOut(path, content))?.replace('--out:', 'generate:'),
    label: { error: 'toolreg: generate: ', info: '' },
  })
  const { code } = await file.update()
  if (!args.watch) return code

  return new Promise<number>(resolve => {
    const watcher = file.watch(true)
    const stop = (): void => {
      watcher.close()
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      void file.close().then(() => resolve(0))
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
