// The project's toolreg configuration, shared by the bundler plugins and the CLI
// (packages/plugin/README.md, "One configuration"): `toolreg.config.{ts,mts,mjs,js,cjs,json}`
// or the `toolreg` key of package.json, in the project root. Inline plugin options and
// CLI flags override it. Read synchronously: bundler hooks ask for options at any time.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as path from 'node:path'
import { isNameRuleName } from './names.js'
import { resolveOptions } from './options.js'
import type { ResolvedOptions, ToolRegistryConfig, ToolRegistryOptions } from '../types.js'

/** Looked up in this order in the root; the first one found is the configuration. */
const CONFIG_FILES = [
  'toolreg.config.ts',
  'toolreg.config.mts',
  'toolreg.config.mjs',
  'toolreg.config.js',
  'toolreg.config.cjs',
  'toolreg.config.json',
] as const

const CONFIG_KEYS: readonly (keyof ToolRegistryConfig)[] = [
  'dirs',
  'include',
  'exclude',
  'registryModules',
  'names',
  'strict',
  'isolate',
  'lazy',
  'defer',
  'dts',
  'manifest',
  'api',
  'verify',
  'surface',
]

/** Typed identity for `toolreg.config.ts` / `.mjs`: `export default defineConfig({ … })`. */
export function defineConfig(config: ToolRegistryConfig): ToolRegistryConfig {
  return config
}

interface LoadedConfig {
  /** The file read (`…/package.json` for its `toolreg` key); undefined when there is none. */
  file?: string
  config: ToolRegistryConfig
}

/** A `names` value as text: a preset or `/regexp/flags` (JSON configs, CLI flags). */
export function parseNameRule(value: string, where: string): ToolRegistryConfig['names'] {
  if (isNameRuleName(value)) return value
  const m = /^\/(.+)\/([a-z]*)$/s.exec(value)
  if (!m)
    throw new TypeError(
      `${where}: unknown rule ${JSON.stringify(value)} (portable, openai, anthropic, gemini, mcp or /regexp/)`,
    )
  try {
    return new RegExp(m[1]!, m[2])
  } catch (error) {
    throw new TypeError(`${where}: invalid regular expression ${value}: ${(error as Error).message}`)
  }
}

/** Check the keys of a configuration object; the values are checked by resolveOptions. */
function validate(value: unknown, file: string): ToolRegistryConfig {
  const where = path.basename(file) === 'package.json' ? `${file} ("toolreg")` : file
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`toolreg: ${where} must hold an object of options`)
  }
  const config: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (key === 'root')
      throw new TypeError(
        `toolreg: ${where}: "root" cannot be configured here (the root is where the configuration is)`,
      )
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) {
      throw new TypeError(`toolreg: ${where}: unknown option ${JSON.stringify(key)} (${CONFIG_KEYS.join(', ')})`)
    }
    config[key] = key === 'names' && typeof v === 'string' ? parseNameRule(v, `toolreg: ${where}: option "names"`) : v
  }
  return config as ToolRegistryConfig
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new TypeError(`toolreg: cannot read ${file}: ${(error as Error).message}`)
  }
}

/** An ES module config is loaded with `require()` (Node ≥ 20.19 loads ES modules without top-level await so). */
function requireModule(file: string): unknown {
  const require = createRequire(file)
  let loaded: { default?: unknown; __esModule?: boolean } | undefined
  try {
    loaded = require(file)
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException
    const hint =
      code === 'ERR_UNKNOWN_FILE_EXTENSION' || code === 'ERR_REQUIRE_ESM' || /\.m?ts$/.test(file)
        ? ' (this Node.js cannot load a TypeScript config: use toolreg.config.mjs or toolreg.config.json)'
        : code === 'ERR_REQUIRE_ASYNC_MODULE'
          ? ' (a config must not use top-level await)'
          : ''
    throw new TypeError(`toolreg: cannot load ${file}: ${message}${hint}`)
  }
  return loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded
}

/** Read one config file (or package.json's `toolreg` key; an absent key is an empty config). */
function readConfigFile(file: string): ToolRegistryConfig {
  if (path.basename(file) === 'package.json') {
    const pkg = readJson(file) as { toolreg?: unknown } | null
    return pkg?.toolreg === undefined ? {} : validate(pkg.toolreg, file)
  }
  return validate(file.endsWith('.json') ? readJson(file) : requireModule(file), file)
}

/**
 * The configuration of the project at `root`: `explicit` (a path relative to the root) when
 * given, else the first of CONFIG_FILES there, else package.json's `toolreg` key.
 */
function loadConfig(root: string, explicit?: string): LoadedConfig {
  if (explicit !== undefined) {
    const file = path.resolve(root, explicit)
    if (!existsSync(file)) throw new TypeError(`toolreg: config file ${file} does not exist`)
    return { file, config: readConfigFile(file) }
  }
  for (const name of CONFIG_FILES) {
    const file = path.join(root, name)
    if (existsSync(file)) return { file, config: readConfigFile(file) }
  }
  const pkg = path.join(root, 'package.json')
  if (existsSync(pkg)) {
    const config = readConfigFile(pkg)
    if (Object.keys(config).length > 0) return { file: pkg, config }
  }
  return { config: {} }
}

/**
 * Options as the plugin and the CLI apply them: the project's configuration, overridden by
 * the `inline` options (those not undefined). `root`: the bundler's root or the CLI's.
 */
export function resolveProjectOptions(inline: ToolRegistryOptions = {}, root?: string): ResolvedOptions {
  // Inline options are checked first: their mistakes are reported as theirs.
  resolveOptions(inline, root)
  const base = path.resolve(inline.root ?? root ?? process.cwd())
  const { config: configOption, ...own } = inline
  const loaded = configOption === false ? { config: {} } : loadConfig(base, configOption)
  const defined = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined))
  return resolveOptions({ ...loaded.config, ...defined, root: base })
}
