// Type-checks the model's code against the code-mode declarations before it runs, with the
// TypeScript compiler the caller passes (see the core README, "Code mode"): no file system of
// its own, the compiler's lib files read once through the compiler's `sys`.

/** The parts of the `typescript` module used (its own types are assignable). */
export interface TypeScriptLike {
  sys: { readFile(path: string): string | undefined }
  getDefaultLibFilePath(options: object): string
  createSourceFile(name: string, text: string, target: number, setParentNodes?: boolean): unknown
  createProgram(options: { rootNames: readonly string[]; options: object; host?: object }): {
    getSemanticDiagnostics(file?: unknown): readonly Diagnostic[]
    getSyntacticDiagnostics(file?: unknown): readonly Diagnostic[]
    getSourceFile(name: string): unknown
  }
  flattenDiagnosticMessageText(message: unknown, newLine: string): string
  ScriptTarget: { ES2022: number }
}
interface Diagnostic {
  file?: { getLineAndCharacterOfPosition(pos: number): { line: number; character: number } }
  start?: number
  messageText: unknown
}

const MAIN = 'main.ts'
const API = 'api.d.ts'
const CONSOLE =
  'declare const console: { log(...a: unknown[]): void; info(...a: unknown[]): void; warn(...a: unknown[]): void; error(...a: unknown[]): void; debug(...a: unknown[]): void }\n'
const PREFIX = 'export {}\nasync function __main(): Promise<unknown> {\n'

/** A `typeCheck` for `createCodeMode`: the errors of the code (`line N: message`, lines of the code), or none. */
export function typeScriptChecker(ts: TypeScriptLike): (code: string, declarations: string) => string[] {
  const options = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
    skipLibCheck: true,
  }
  const lib = ts.getDefaultLibFilePath(options)
  const libDir = lib.slice(0, Math.max(lib.lastIndexOf('/'), lib.lastIndexOf('\\')) + 1)
  const libs = new Map<string, unknown>()
  return (code, declarations) => {
    const files = new Map([
      [MAIN, PREFIX + code + '\n}\n'],
      [API, declarations + CONSOLE],
    ])
    const host = {
      getSourceFile(name: string) {
        const own = files.get(name)
        if (own !== undefined) return ts.createSourceFile(name, own, ts.ScriptTarget.ES2022, true)
        if (!libs.has(name)) {
          const text = ts.sys.readFile(name.includes('/') ? name : libDir + name)
          libs.set(name, text === undefined ? undefined : ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true))
        }
        return libs.get(name)
      },
      getDefaultLibFileName: () => libDir + 'lib.es2022.d.ts',
      writeFile() {},
      getCurrentDirectory: () => '/',
      getCanonicalFileName: (f: string) => f,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: (f: string) => files.has(f) || ts.sys.readFile(f) !== undefined,
      readFile: (f: string) => files.get(f) ?? ts.sys.readFile(f),
      getDirectories: () => [],
    }
    const program = ts.createProgram({ rootNames: [API, MAIN], options, host })
    const main = program.getSourceFile(MAIN)
    return [...program.getSyntacticDiagnostics(main), ...program.getSemanticDiagnostics(main)].map(d => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined
      const line = at ? at.line - 1 : 0
      return `${line > 0 ? `line ${line}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
    })
  }
}
