// Option defaults and validation. Bad options are a programming error of the
// caller (not bad input files), so they throw a TypeError at once.
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import type { DeferRule } from '@toolreg/core'
import { isNameRuleName } from './names.js'
import { resolveSurface } from './surface.js'
import type { ResolvedOptions, ToolRegistryOptions } from '../types.js'

import { OptionError } from './error.js'

export { OptionError }

/** The module whose `registry` export tool files import, unless `registryModules` names others. */
export const DEFAULT_REGISTRY_MODULES: readonly string[] = Object.freeze(['@toolreg/core'])

const defaultOptions = Object.freeze({
  dirs: ['tools'],
  include: ['*.{ts,tsx,mts,js,jsx,mjs}'],
  exclude: ['*.d.ts', '*.{test,spec}.*', 'index.*', 'registry.*'],
  registryModules: DEFAULT_REGISTRY_MODULES,
  names: 'portable',
  dts: 'tool-registry.d.ts',
  manifest: 'tool-manifest.json',
} as const)

function stringList(value: unknown, key: string, fallback: readonly string[]): string[] {
  if (value === undefined) return [...fallback]
  if (!Array.isArray(value) || value.some(v => typeof v !== 'string' || v === '')) {
    throw new OptionError(`toolRegistry: option "${key}" must be an array of non-empty strings`)
  }
  return [...value]
}

function fileOption(value: unknown, key: string, fallback: string): string | false {
  if (value === undefined) return fallback
  if (value === false || (typeof value === 'string' && value !== '')) return value
  throw new OptionError(`toolRegistry: option "${key}" must be a file name or false`)
}

function apiOption(value: unknown): string | false {
  if (value === undefined || value === false) return false
  if (value === true) return 'tool-api.d.ts'
  if (typeof value === 'string' && value !== '') return value
  throw new OptionError('toolRegistry: option "api" must be a file name, true or false')
}

function lazyOption(value: unknown): boolean | string[] {
  if (value === undefined || value === false) return false
  if (value === true) return true
  const globs = typeof value === 'string' ? [value] : value
  if (!Array.isArray(globs) || globs.length === 0 || globs.some(g => typeof g !== 'string' || g === '')) {
    throw new OptionError('toolRegistry: option "lazy" must be a boolean, a glob or a non-empty array of globs')
  }
  return [...globs]
}

const DEFER_KEYS = ['all', 'tools', 'toolsets', 'except', 'keep', 'usage']

/**
 * The `defer` option as a rule, its `usage` file read relative to `root` (not read when the
 * root is not known yet: options are checked once before the bundler names its root).
 */
function deferOption(value: ToolRegistryOptions['defer'], root: string | undefined): DeferRule | false {
  if (value === undefined || value === false) return false
  if (value === true) return { all: true }
  if (Array.isArray(value)) return { tools: stringList(value, 'defer', []) }
  if (!value || typeof value !== 'object')
    throw new OptionError('toolRegistry: option "defer" must be a boolean, an array of tool names or a rule object')
  const unknown = Object.keys(value).find(k => !DEFER_KEYS.includes(k))
  if (unknown)
    throw new OptionError(`toolRegistry: option "defer" has an unknown key "${unknown}" (${DEFER_KEYS.join(', ')})`)
  if (value.all !== undefined && typeof value.all !== 'boolean')
    throw new OptionError('toolRegistry: option "defer.all" must be a boolean')
  if (value.keep !== undefined && !(Number.isInteger(value.keep) && value.keep >= 0))
    throw new OptionError('toolRegistry: option "defer.keep" must be a whole number of tools, 0 or more')
  const rule: DeferRule = {
    ...(value.all !== undefined ? { all: value.all } : {}),
    ...(value.keep !== undefined ? { keep: value.keep } : {}),
  }
  for (const key of ['tools', 'toolsets', 'except'] as const)
    if (value[key] !== undefined) rule[key] = stringList(value[key], `defer.${key}`, [])
  if (value.usage !== undefined && (root !== undefined || typeof value.usage !== 'string'))
    rule.usage = usageCounts(value.usage, root ?? '')
  return rule
}

function usageCounts(usage: unknown, root: string): Record<string, number> {
  let counts = usage
  if (typeof usage === 'string') {
    const file = path.resolve(root, usage)
    try {
      counts = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new OptionError(`toolRegistry: option "defer.usage": cannot read ${file}: ${(error as Error).message}`)
    }
  }
  if (!counts || typeof counts !== 'object' || Object.values(counts).some(n => typeof n !== 'number'))
    throw new OptionError('toolRegistry: option "defer.usage" must be a JSON object of calls per tool name')
  return { ...(counts as Record<string, number>) }
}

/**
 * Fill in defaults. `root` is the bundler's root (Vite `config.root`); an
 * explicit `options.root` wins and is resolved against the working directory.
 */
export function resolveOptions(options: ToolRegistryOptions = {}, root?: string): ResolvedOptions {
  const names = options.names ?? defaultOptions.names
  if (!(names instanceof RegExp) && !isNameRuleName(names)) {
    throw new OptionError(
      `toolRegistry: option "names" must be 'portable', 'openai', 'anthropic', 'gemini', 'mcp' or a RegExp (got ${JSON.stringify(names)})`,
    )
  }
  if (options.root !== undefined && (typeof options.root !== 'string' || options.root === '')) {
    throw new OptionError('toolRegistry: option "root" must be a non-empty string')
  }
  if (
    options.config !== undefined &&
    options.config !== false &&
    (typeof options.config !== 'string' || options.config === '')
  ) {
    throw new OptionError('toolRegistry: option "config" must be a file name or false')
  }
  const registryModules = stringList(options.registryModules, 'registryModules', defaultOptions.registryModules)
  if (options.verify !== undefined && typeof options.verify !== 'boolean')
    throw new OptionError('toolRegistry: option "verify" must be a boolean')
  if (registryModules.length === 0) throw new OptionError('toolRegistry: option "registryModules" must not be empty')
  return {
    root: path.resolve(options.root ?? root ?? process.cwd()),
    dirs: stringList(options.dirs, 'dirs', defaultOptions.dirs),
    include: stringList(options.include, 'include', defaultOptions.include),
    exclude: stringList(options.exclude, 'exclude', defaultOptions.exclude),
    registryModules,
    names,
    strict: options.strict === true,
    isolate: options.isolate === true,
    lazy: lazyOption(options.lazy),
    defer: deferOption(options.defer, options.root ?? root),
    dts: fileOption(options.dts, 'dts', defaultOptions.dts),
    manifest: fileOption(options.manifest, 'manifest', defaultOptions.manifest),
    ...(typeof options.manifest === 'string' ? { manifestNamed: true as const } : {}),
    api: apiOption(options.api),
    ...(options.verify !== undefined ? { verify: options.verify } : {}),
    ...(options.surface !== undefined ? { surface: resolveSurface(options.surface) } : {}),
  }
}

/** The module the generated code imports `registry` from: the first of `registryModules` (never empty once resolved). */
export const registryModuleOf = (options: Pick<ResolvedOptions, 'registryModules'>): string =>
  options.registryModules[0]!
