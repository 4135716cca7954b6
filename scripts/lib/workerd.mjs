// Runs a built Worker bundle in workerd (the npm package) on a free loopback
// port: writes a config.capnp beside a copy of the bundle, starts
// `workerd serve --socket-addr=http=127.0.0.1:0 --control-fd=3` and reads the
// port workerd reports on fd 3. Used by `npm start` and the e2e tests.
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** Old enough for every workerd the package range allows, new enough for the APIs the bundle uses. */
export const COMPATIBILITY_DATE = '2025-06-01'

/** Path of the workerd executable from the `workerd` npm package. Throws when it is not installed. */
export function workerdBinary() {
  // The package's main module exports the platform binary's path as `default`.
  const { default: binary } = require('workerd')
  if (typeof binary !== 'string') throw new Error('the workerd package did not report its binary path')
  return binary
}

/**
 * @param {string} name
 * @param {string} value
 */
function textBinding(name, value) {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`invalid binding name: ${name}`)
  // Cap'n Proto text literals take C-style escapes, which JSON.stringify produces for these characters.
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) throw new Error(`binding ${name} holds control characters`)
  return `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`
}

/**
 * The config: one worker from `worker.js` (plus the chunks and `.wasm` modules it imports,
 * `modules`, relative POSIX names), its text bindings, one HTTP socket.
 * `compatibilityFlags`: e.g. `new_module_registry` (modules compiled on first import, not all at start-up).
 * @param {{ bindings?: Record<string, string>, allowLocalNetwork?: boolean, compatibilityDate?: string, compatibilityFlags?: string[], modules?: string[] }} options
 */
export function workerdConfig({
  bindings = {},
  allowLocalNetwork = false,
  compatibilityDate = COMPATIBILITY_DATE,
  compatibilityFlags = [],
  modules = [],
} = {}) {
  for (const f of compatibilityFlags) if (!/^[a-z0-9_]+$/.test(f)) throw new Error(`invalid compatibility flag: ${f}`)
  const bindingList = Object.entries(bindings).map(([name, value]) => `      ${textBinding(name, value)},`)
  for (const m of modules)
    if (!/^[\w./-]+$/.test(m) || m.split('/').includes('..')) throw new Error(`invalid module name: ${m}`)
  // A `.wasm` module is handed to its importer compiled; every other one is an ES module.
  const moduleList = ['worker.js', ...modules].map(
    m => `(name = ${JSON.stringify(m)}, ${m.endsWith('.wasm') ? 'wasm' : 'esModule'} = embed ${JSON.stringify(m)})`,
  )
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .agent),
    # The default "internet" service reaches public addresses only; tests serve JSON on loopback.
    (name = "outbound", network = (allow = [${allowLocalNetwork ? '"public", "local"' : '"public"'}])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const agent :Workerd.Worker = (
  modules = [ ${moduleList.join(', ')} ],
  compatibilityDate = ${JSON.stringify(compatibilityDate)},
  compatibilityFlags = [${compatibilityFlags.map(f => JSON.stringify(f)).join(', ')}],
  globalOutbound = "outbound",
  bindings = [
${bindingList.join('\n')}
  ],
);
`
}

/**
 * @typedef {object} WorkerdServer
 * @property {string} url  `http://127.0.0.1:<port>`
 * @property {number} port
 * @property {string} dir  the directory holding config.capnp and worker.js
 * @property {() => string} output  what workerd printed so far (stdout and stderr)
 * @property {() => Promise<void>} stop  kills workerd and removes `dir`
 */

/**
 * Writes a directory workerd can serve: the bundle as worker.js, its `chunks` (more modules
 * of a code-split build, as paths relative to the bundle's directory) beside it and
 * config.capnp. Returns the directory (the caller removes it).
 * @param {{ bundle: string, chunks?: string[], bindings?: Record<string, string>, allowLocalNetwork?: boolean, compatibilityFlags?: string[] }} options
 * @returns {Promise<string>}
 */
export async function prepareWorkerd({ bundle, chunks = [], bindings, allowLocalNetwork, compatibilityFlags }) {
  const dir = await mkdtemp(join(tmpdir(), 'toolreg-workerd-'))
  // `embed` paths are read relative to the config file, so the bundle goes beside it.
  await copyFile(bundle, join(dir, 'worker.js'))
  for (const chunk of chunks) {
    await mkdir(dirname(join(dir, chunk)), { recursive: true })
    await copyFile(join(dirname(bundle), chunk), join(dir, chunk))
  }
  await writeFile(
    join(dir, 'config.capnp'),
    workerdConfig({ bindings, allowLocalNetwork, compatibilityFlags, modules: chunks }),
  )
  return dir
}

/**
 * `workerd compile`s a prepared directory's config into `worker.bin` beside it: a binary
 * with the config and every module in it, as a deployment would be made once and started
 * many times (no text config to parse, no file to read at start-up).
 * @param {string} dir
 * @returns {Promise<string>} the binary's path
 */
export async function compileWorkerd(dir) {
  const out = join(dir, 'worker.bin')
  const child = spawn(workerdBinary(), ['compile', 'config.capnp'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let error = ''
  child.stderr.on('data', chunk => (error += chunk))
  const [code] = await Promise.all([
    new Promise((resolve, reject) => {
      child.once('error', reject)
      child.once('exit', resolve)
    }),
    pipeline(child.stdout, createWriteStream(out, { mode: 0o755 })),
  ])
  if (code !== 0) throw new Error(`workerd compile exited with ${code}\n${error}`)
  return out
}

/**
 * Starts workerd on a directory `prepareWorkerd` wrote (its compiled binary when `binary`
 * is given, else `workerd serve config.capnp`) and resolves once it listens. `stop` kills it
 * and, when `removeDir`, removes the directory.
 * @param {string} dir
 * @param {{ binary?: string, removeDir?: boolean, startTimeoutMs?: number }} [options]
 * @returns {Promise<WorkerdServer>}
 */
export async function serveWorkerd(dir, { binary, removeDir = false, startTimeoutMs = 60_000 } = {}) {
  const args = ['--socket-addr=http=127.0.0.1:0', '--control-fd=3']
  const [command, argv] = binary ? [binary, args] : [workerdBinary(), ['serve', 'config.capnp', ...args]]
  const child = spawn(command, argv, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', chunk => (output += chunk))
  child.stderr?.on('data', chunk => (output += chunk))
  const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve({ code, signal })))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    if (removeDir) await rm(dir, { recursive: true, force: true })
  }

  try {
    const port = await new Promise((resolve, reject) => {
      const control = /** @type {import('node:stream').Readable} */ (child.stdio[3])
      let buffered = ''
      const timer = setTimeout(
        () => reject(new Error(`workerd did not listen within ${startTimeoutMs} ms\n${output}`)),
        startTimeoutMs,
      )
      control.on('data', chunk => {
        buffered += chunk
        for (const line of buffered.split('\n').slice(0, -1)) {
          let event
          try {
            event = JSON.parse(line)
          } catch {
            continue
          }
          if (event.event === 'listen' && event.socket === 'http') {
            clearTimeout(timer)
            resolve(event.port)
          }
        }
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1)
      })
      child.once('error', error => {
        clearTimeout(timer)
        reject(error)
      })
      exited.then(({ code, signal }) => {
        clearTimeout(timer)
        reject(new Error(`workerd exited (${signal ?? code}) before listening\n${output}`))
      })
    })
    return { url: `http://127.0.0.1:${port}`, port: Number(port), dir, output: () => output, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * `prepareWorkerd` then `serveWorkerd`: `stop` kills workerd and removes the directory.
 * @param {{ bundle: string, chunks?: string[], bindings?: Record<string, string>, allowLocalNetwork?: boolean, compatibilityFlags?: string[], startTimeoutMs?: number }} options
 * @returns {Promise<WorkerdServer>}
 */
export async function startWorkerd({ startTimeoutMs, ...options }) {
  return serveWorkerd(await prepareWorkerd(options), { removeDir: true, startTimeoutMs })
}
