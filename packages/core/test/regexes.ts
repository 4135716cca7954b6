import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/** A regular expression found in a source file: where, its source and flags. */
export interface FoundRegex {
  file: string
  line: number
  source: string
  flags: string
}

/** Every `.ts`/`.js` file under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(d => d.isFile() && /\.(?:[cm]?[jt]s)$/.test(d.name) && !d.name.endsWith('.d.ts'))
    .map(d => join(d.parentPath, d.name))
}

const text = (n: ts.Node | undefined): string | undefined =>
  n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined

/**
 * The regex literals of a file and the `new RegExp(…)`/`RegExp(…)` calls whose pattern is a
 * string literal, found by TypeScript's parser (so a `/` in a string or a comment is no regex).
 * A `RegExp` call with a computed pattern is reported with `source` undefined-free: as `dynamic`.
 */
export function regexesOf(file: string, root: string): { found: FoundRegex[]; dynamic: string[] } {
  const code = readFileSync(file, 'utf8')
  const sf = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true)
  const found: FoundRegex[] = []
  const dynamic: string[] = []
  const at = (n: ts.Node) => `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
  const visit = (n: ts.Node) => {
    if (ts.isRegularExpressionLiteral(n)) {
      const t = n.text
      const end = t.lastIndexOf('/')
      found.push({
        file: relative(root, file),
        line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1,
        source: t.slice(1, end),
        flags: t.slice(end + 1),
      })
    } else if (
      (ts.isNewExpression(n) || ts.isCallExpression(n)) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text == 'RegExp'
    ) {
      const [p, f] = n.arguments ?? []
      const source = text(p)
      if (source === undefined) dynamic.push(at(n))
      else
        found.push({
          file: relative(root, file),
          line: sf.getLineAndCharacterOfPosition(n.getStart()).line + 1,
          source,
          flags: f ? (text(f) ?? '?') : '',
        })
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return { found, dynamic }
}
