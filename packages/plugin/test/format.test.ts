import { describe, expect, it } from 'vitest'
import { formatDiagnostics, formatToolTable, type Diagnostic } from './internal.js'

const dup: Diagnostic = {
  code: 'TR001',
  severity: 'error',
  message: 'Duplicate tool name "search": also registered at tools/a.ts:3:1',
  file: 'tools/b.ts',
  line: 4,
  column: 1,
  frame: "> 4 | registry.register({ name: 'search' })\n    | ^",
  related: [{ file: 'tools/a.ts', line: 3, column: 1, frame: "> 3 | registry.register({ name: 'search' })\n    | ^" }],
}
const missing: Diagnostic = {
  code: 'TR007',
  severity: 'warning',
  message: 'Tool directory tools does not exist',
  file: 'tools',
  line: 0,
  column: 0,
}

describe('formatDiagnostics', () => {
  it('text: file:line:column - severity CODE: message, then the frame, then every related site with its frame', () => {
    expect(formatDiagnostics([dup, missing], 'text')).toBe(
      [
        'tools/b.ts:4:1 - error TR001: Duplicate tool name "search": also registered at tools/a.ts:3:1',
        '',
        "  > 4 | registry.register({ name: 'search' })",
        '      | ^',
        '',
        '  tools/a.ts:3:1 - also registered here',
        '',
        "    > 3 | registry.register({ name: 'search' })",
        '        | ^',
        '',
        'tools - warning TR007: Tool directory tools does not exist',
      ].join('\n'),
    )
  })

  it('text: an empty list is an empty string', () => {
    expect(formatDiagnostics([], 'text')).toBe('')
  })

  it('json: { diagnostics, tools } that parses back to the same data', () => {
    const tools = [{ name: 'search', toolset: 'web', file: 'tools/a.ts', line: 3, column: 1 }]
    expect(JSON.parse(formatDiagnostics([dup, missing], 'json', tools))).toEqual({ diagnostics: [dup, missing], tools })
    expect(JSON.parse(formatDiagnostics([], 'json'))).toEqual({ diagnostics: [], tools: [] })
  })

  it('github: one workflow command per diagnostic; no line/col for whole-file diagnostics', () => {
    expect(formatDiagnostics([dup, missing], 'github').split('\n')).toEqual([
      '::error file=tools/b.ts,line=4,col=1,title=TR001::Duplicate tool name "search": also registered at tools/a.ts:3:1',
      '::warning file=tools,title=TR007::Tool directory tools does not exist',
    ])
  })

  it('github: escapes % CR LF in the message, and also : , in properties', () => {
    const d: Diagnostic = {
      code: 'TR004',
      severity: 'error',
      message: '100% bad\r\nnext: a,b',
      file: 'tools/a,b:c%.ts',
      line: 2,
      column: 3,
    }
    expect(formatDiagnostics([d], 'github')).toBe(
      '::error file=tools/a%2Cb%3Ac%25.ts,line=2,col=3,title=TR004::100%25 bad%0D%0Anext: a,b',
    )
  })

  it('a strict-mode diagnostic (warning made error) prints as error', () => {
    const strict = { ...missing, severity: 'error' as const }
    expect(formatDiagnostics([strict], 'text')).toBe('tools - error TR007: Tool directory tools does not exist')
    expect(formatDiagnostics([strict], 'github')).toMatch(/^::error /)
  })

  it('rejects an unknown format', () => {
    expect(() => formatDiagnostics([dup], 'xml' as never)).toThrow(TypeError)
  })
})

describe('formatToolTable', () => {
  it('aligns name, toolset and location, with (dynamic) for unknown values', () => {
    expect(
      formatToolTable([
        { name: 'search', toolset: 'web', file: 'tools/a.ts', line: 3, column: 1 },
        { name: null, toolset: null, file: 'tools/loop.ts', line: 10, column: 3 },
      ]),
    ).toBe(
      [
        'NAME       TOOLSET    LOCATION',
        'search     web        tools/a.ts:3:1',
        '(dynamic)  (dynamic)  tools/loop.ts:10:3',
      ].join('\n'),
    )
  })
})

describe('text from tool files is printed escaped', () => {
  const hostile = 'x\n::error file=README.md,line=1::Fake\u001b[2J\u202e'
  it('#6 toolreg list: a name with a line break, an ESC sequence or a bidi override is escaped', () => {
    const table = formatToolTable([{ name: hostile, toolset: 't\r', file: 'tools/a\u0007.ts', line: 2, column: 1 }])
    expect(table.split('\n')).toHaveLength(2)
    expect(table).not.toMatch(/[\u001b\u0007\r\u202e]/)
    expect(table).toContain('x\\n::error file=README.md,line=1::Fake\\u001b[2J\\u202e')
    expect(table).toContain('tools/a\\u0007.ts:2:1')
  })

  it('#6 check --format text: the message and file are one line each; a frame keeps its line breaks', () => {
    const d: Diagnostic = {
      code: 'TR003',
      severity: 'error',
      file: 'tools/a.ts',
      line: 2,
      column: 1,
      message: `Tool name ${hostile} breaks the portable name rule`,
      frame: '> 2 | name: "\u001b[2J"\n    | ^',
    }
    const text = formatDiagnostics([d], 'text')
    expect(text.split('\n')[0]).toContain('x\\n::error')
    expect(text).not.toMatch(/[\u001b\u202e]/)
    expect(text).toContain('> 2 | name: "\\u001b[2J"\n')
  })
})
