// Option defaults and validation. Bad options are a programming error of the
// caller (not bad input files), so they throw a TypeError at once.
import * as path from 'node:path'
import { isNameRuleName } from './names.js'
import { resolveSurface } from './surface.js'
import type { ResolvedOptions, ToolRegistryOptions } from '../types.js'

/**
 * A bad option value (inline, a CLI flag or a config file's): a TypeError whose type, not
 * its text, tells the CLI to show its usage.
 */
export class OptionError extends TypeError {
  override name = 'OptionError'
}

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

function lazyOption(value: unknown): boolean | string[] {
  if (value === undefined || value === false) return false
  if (value === true) return true
  const globs = typeof value === 'string' ? [value] : value
  if (!Array.isArray(globs) || globs.length === 0 || globs.some(g => typeof g !== 'string' || g === '')) {
    throw new OptionError('toolRegistry: option "lazy" must be a boolean, a glob or a non-empty array of globs')
  }
  return [...globs]
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
    dts: fileOption(options.dts, 'dts', defaultOptions.dts),
    manifest: fileOption(options.manifest, 'manifest', defaultOptions.manifest),
    ...(typeof options.manifest === 'string' ? { manifestNamed: true as const } : {}),
    ...(options.verify !== undefined ? { verify: options.verify } : {}),
    ...(options.surface !== undefined ? { surface: resolveSurface(options.surface) } : {}),
  }
}

/** The module the generated code imports `registry` from: the first of `registryModules` (never empty once resolved). */
export const registryModuleOf = (options: Pick<ResolvedOptions, 'registryModules'>): string =>
  options.registryModules[0]!
