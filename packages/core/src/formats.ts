// The formats @toolreg/core reads from a build: @toolreg/plugin imports them from here
// (`@toolreg/core/formats`) to write them, so the two never drift apart. The backtick keeps
// minifiers from turning the string into a template literal, slower to compile.

/** The lazy table format `registerLazyTable` reads. */
export const LAZY_TABLE_FORMAT = 'lazy`2'
