// Runs a built Worker bundle in workerd (the npm package) on a free loopback
// port: writes a config.capnp beside a copy of the bundle, starts
// `workerd serve --socket-addr=http=127.0.0.1:0 --control-fd=3` and reads the
// port workerd reports on fd 3. Used by `npm start` and the e2e tests.
import { spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
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
 * The config: one worker from `worker.js` (plus the chunks it imports, `modules`, relative
 * POSIX names), its text bindings, one HTTP socket.
 * `compatibilityFlags`: e.g. `new_module_registry` (modules compiled on first import, not all at start-up).
 * @param {{ bindings?: Record<string, string>, allowLocalNetwork?: boolean, compatibilityDate?: string, compatibilityFlags?: string[], modules?: string[] }} options
 */
export function workerdConfig({ bindings = {}, allowLocalNetwork = false, compatibilityDate = COMPATIBILITY_DATE, compatibilityFlags = [], modules = [] } = {}) {
  for (const f of compatibilityFlags) if (!/^[a-z0-9_]+$/.test(f)) throw new Error(`invalid compatibility flag: ${f}`)
  const bindingList = Object.entries(bindings).map(([name, value]) => `      ${textBinding(name, value)},`)
  for (const m of modules) if (!/^[\w./-]+$/.test(m) || m.split('/').includes('..')) throw new Error(`invalid module name: ${m}`)
  const moduleList = ['worker.js', ...modules].map((m) => `(name = ${JSON.stringify(m)}, esModule = embed ${JSON.stringify(m)})`)
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
  compatibilityFlags = [${compatibilityFlags.map((f) => JSON.stringify(f)).join(', ')}],
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
 * `chunks`: more modules of a code-split build, as paths relative to the bundle's directory.
 * @param {{ bundle: string, chunks?: string[], bindings?: Record<string, string>, allowLocalNetwork?: boolean, compatibilityFlags?: string[], startTimeoutMs?: number }} options
 * @returns {Promise<WorkerdServer>}
 */
export async function startWorkerd({ bundle, chunks = [], bindings, allowLocalNetwork, compatibilityFlags, startTimeoutMs = 60_000 }) {
  const binary = workerdBinary()
  const dir = await mkdtemp(join(tmpdir(), 'toolreg-workerd-'))
  // `embed` paths are read relative to the config file, so the bundle goes beside it.
  await copyFile(bundle, join(dir, 'worker.js'))
  for (const chunk of chunks) {
    await mkdir(dirname(join(dir, chunk)), { recursive: true })
    await copyFile(join(dirname(bundle), chunk), join(dir, chunk))
  }
  await writeFile(join(dir, 'config.capnp'), workerdConfig({ bindings, allowLocalNetwork, compatibilityFlags, modules: chunks }))

  const child = spawn(binary, ['serve', 'config.capnp', '--socket-addr=http=127.0.0.1:0', '--control-fd=3'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    await rm(dir, { recursive: true, force: true })
  }

  try {
    const port = await new Promise((resolve, reject) => {
      const control = /** @type {import('node:stream').Readable} */ (child.stdio[3])
      let buffered = ''
      const timer = setTimeout(() => reject(new Error(`workerd did not listen within ${startTimeoutMs} ms\n${output}`)), startTimeoutMs)
      control.on('data', (chunk) => {
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
      child.once('error', (error) => {
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
