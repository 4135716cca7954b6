// The browser example as its e2e tests get it (examples/README.md, "What the tests check"):
// built by Vite into a temp dir, served on loopback with the example's Content-Security-Policy,
// and a page's requests and errors recorded.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { CONTENT_SECURITY_POLICY } from '../../examples/browser-agent/csp.ts'
import { EXAMPLES_DIR, serveLoopback, type LoopbackServer } from './examples-env.ts'

export const BROWSER_ROOT = join(EXAMPLES_DIR, 'browser-agent')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
}

/** `vite build` of the example with `config` (its vite.config.ts or vite.many.config.ts) into `outDir`. */
export async function buildBrowserExample(outDir: string, config = 'vite.config.ts'): Promise<void> {
  await build({
    root: BROWSER_ROOT,
    configFile: join(BROWSER_ROOT, config),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  })
}

/**
 * Serves the built page from `dir` under the CSP header (no file outside `dir`); `scripts` are
 * extra same-origin scripts by path, served by the test only.
 */
export function serveBuiltPage(dir: string, scripts: Record<string, string> = {}): Promise<LoopbackServer> {
  return serveLoopback(async (request, response) => {
    const path = new URL(request.url, 'http://x').pathname
    const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' }
    if (Object.hasOwn(scripts, path)) {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript' })
      return void response.end(scripts[path])
    }
    const file = normalize(join(dir, path === '/' ? 'index.html' : decodeURIComponent(path)))
    if (!file.startsWith(dir + sep) || !existsSync(file)) {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain' })
      return void response.end('not found')
    }
    response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(await readFile(file))
  })
}

/** Records the paths `page` fetches in `fetched`, its console errors and page errors in `problems`. */
export function recordPage(page: Page, fetched: string[], problems: string[]): void {
  page.on('request', r => fetched.push(new URL(r.url()).pathname))
  page.on('console', m => void (m.type() === 'error' && problems.push(m.text())))
  page.on('pageerror', e => void problems.push(String(e)))
}
