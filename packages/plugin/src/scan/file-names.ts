// Which tool file names a bundler can import exactly: the one rule behind TR008, the
// virtual module's import list for webpack and Rspack, and their TR008 errors.

/** A name a bundler would read as a query (`?`) or fragment (`#`), or rewrite (`\`). */
export const ODD_NAME = /[?#\\]/

/** How a bundler reads a request for a tool file. */
export type RequestSyntax = 'path' | 'webpack' | 'rspack'

/**
 * Why `syntax` cannot import `file` (root-relative or absolute) exactly, or undefined when it
 * can. webpack and Rspack read a `?` as the start of a query, also where loaders read the file,
 * and Rspack takes `\` for no file name character; a `#` they take escaped (`\0#`). Vite,
 * Rollup, Rolldown and esbuild import every name (through an escaped id where needed).
 */
export function unimportableReason(file: string, syntax: RequestSyntax): string | undefined {
  if (syntax === 'path') return undefined
  if (file.includes('?')) return 'it reads "?" as the start of a query'
  if (syntax === 'rspack' && file.includes('\\')) return 'it takes "\\" for no file name character'
  return undefined
}
