// The error of a bad option value (packages/plugin/README.md, "Options").

/**
 * A bad option value (inline, a CLI flag or a config file's): a TypeError whose type, not
 * its text, tells the CLI to show its usage.
 */
export class OptionError extends TypeError {
  override name = 'OptionError'
}
