// Whether a tool module names a field the build manifest carries (see the plugin README, "The
// manifest"): a word search over the file's text, no parse. A file naming one is read by the
// full detector for its policies; most files name none and cost nothing more.

/** The fields the build manifest carries. */
const POLICY_WORDS = /\b(?:needsApproval|annotations|timeoutMs)\b/

/** Whether the module's text names a field the manifest carries. */
export const namesPolicy = (code: string): boolean => POLICY_WORDS.test(code)
