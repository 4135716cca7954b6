// The size of `contents` bundled for the browser with esbuild, minified: bytes, and bytes
// after gzip -9 (the size figure and the validation figure both report it).
import { gzipSync } from 'node:zlib'

export async function bundleSize(resolveDir, contents) {
  const { build } = await import('esbuild')
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].contents
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length }
}
