/**
 * Secrets of common shapes, each with the context kept in front of it (README:
 * "Error text the model sees"): API keys (`sk-…`, `ghp_…`/`github_pat_…`,
 * Slack `xox?-…`, AWS `AKIA…`), `Bearer …`, the password of `scheme://user:password@`,
 * and `key=`/`token=`/`secret=`/`password=` values (`api_key=`, `access_token=`…).
 * Unbounded runs only, so a match never ends inside a surrogate pair.
 */
const SECRET =
  /\b(?:sk-|gh[pousr]_|github_pat_|xox\w-|AKIA)[\w-]+|(bearer\s+|\b\w*(?:key|token|secret|password)=)[^\s&#"']+|(\/\/[^\s/@:]*:)[^\s/@]+(?=@)/gi

/** Replaces every secret-shaped run of `text` with `[REDACTED]`, keeping what names it. */
export const redactSecrets = (text: string): string => text.replace(SECRET, '$1$2[REDACTED]')
