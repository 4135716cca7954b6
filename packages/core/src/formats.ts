// The formats @toolreg/core reads from a build: @toolreg/plugin imports them from here
// (`@toolreg/core/formats`) to write them, so the two never drift apart. The backtick keeps
// minifiers from turning the string into a template literal, slower to compile.

/** The lazy table format `registerLazyTable` reads. */
export const LAZY_TABLE_FORMAT = 'lazy`2'

/**
 * The rule the plugin applies at build time to write the `deferred` export of
 * `virtual:tool-registry`, the same function the registry's surface applies at run time.
 * Here so a build loads this one module, not the whole of `@toolreg/core`.
 */
export { deferredNames } from './surface/defer.js'
