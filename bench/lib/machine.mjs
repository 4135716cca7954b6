// The machine and versions a run was measured on, recorded with every result.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../..', import.meta.url))

/** The processor, memory, load and operating system of this machine. */
export function machine() {
  const cpus = os.cpus()
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map(n => Math.round(n * 100) / 100),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  }
}

export async function collectEnvironment(pluginDir) {
  const vite = await import('vite')
  return {
    ...machine(),
    distro: await distro(),
    node: process.version,
    vite: vite.version,
    rolldown: vite.rolldownVersion,
    esbuild: (await import('esbuild')).version,
    playwrightCore: await packageVersion('playwright-core'),
    chromium: command('/usr/bin/chromium', ['--version']),
    commit: git(['rev-parse', '--short', 'HEAD']),
    pluginCommit: pluginDir
      ? `${pluginDir} (--plugin-dir)`
      : git(['log', '-1', '--format=%h %s', '--', 'packages/plugin']),
    coreCommit: git(['log', '-1', '--format=%h %s', '--', 'packages/core']),
    pluginDirty: pluginDir ? false : git(['status', '--porcelain', '--', 'packages/plugin/src']) !== '',
  }
}

async function distro() {
  try {
    const text = await readFile('/etc/os-release', 'utf8')
    return /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text)?.[1] ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

async function packageVersion(name) {
  try {
    return JSON.parse(await readFile(`${REPO}/node_modules/${name}/package.json`, 'utf8')).version
  } catch {
    return 'unknown'
  }
}

function git(args) {
  return command('git', args, REPO)
}

function command(file, args, cwd) {
  try {
    return execFileSync(file, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}
