/**
 * Secrets of common shapes, each with the context kept in front of it (README:
 * "Error text the model sees"): API keys (`sk-…`, `ghp_…`/`github_pat_…`,
 * Slack `xox?-…`, AWS `AKIA…`), `Bearer …` (8 token characters or more: not "a
 * bearer of bad news"), the `user:password` of `scheme://user:password@` (both: a
 * token often is the user), and
 * `key=`/`token=`/`secret=`/`password=` values (`api_key=`, `access_token=`…; a
 * `Bearer` in the value takes the token after it along).
 * Unbounded runs only, so a match never ends inside a surrogate pair.
 */
const SECRET =
  /\b(?:sk-|gh[pousr]_|github_pat_|xox\w-|AKIA)[\w-]+|(bearer\s+(?=[\w.~+/-]{8})|\b\w*(?:key|token|secret|password)=)(?:[^\s&#"']*bearer\s+)*[^\s&#"']+|(\/\/)[^\s/@:]*:[^\s/@]+(?=@)/gi

/** Replaces every secret-shaped run of `text` with `[REDACTED]`, keeping what names it. */
export const redactSecrets = (text: string): string => text.replace(SECRET, '$1$2[REDACTED]')
