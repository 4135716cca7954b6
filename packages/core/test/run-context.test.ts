// `ctx.run` typed through `interface Register` module augmentation (README "Per-run context"),
// checked by the TypeScript compiler over fixture programs of their own: a declaration in the
// root tsconfig would type every other test's `dispatch` too.
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/run-context/${name}/tools.ts`, import.meta.url))

function diagnostics(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      d =>
        `${d.start === undefined ? '' : d.file?.getLineAndCharacterOfPosition(d.start).line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    )
}

describe('the per-run context type', () => {
  it('declared through Register: ctx.run is the declared type and dispatch requires it', () => {
    expect(diagnostics(fixture('declared'))).toEqual([])
  }, 60_000)

  it("declared: every adapter's ctx option takes only the declared type as run, and may leave it out", () => {
    expect(diagnostics(fixture('adapters'))).toEqual([])
  }, 60_000)

  it('undeclared: ctx.run is unknown and dispatch takes no context', () => {
    expect(diagnostics(fixture('undeclared'))).toEqual([])
  }, 60_000)
})
