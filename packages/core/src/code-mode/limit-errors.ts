// What every executor says when a run meets one of its limits (core README, "Code mode"): the
// same words from QuickJS and from the worker executor, each naming its limit.
export const timeLimitError = (timeMs: number) => `time limit exceeded: the run took over ${timeMs} ms (timeMs)`
export const toolCallLimitError = (max: number) => `tool call limit exceeded: more than ${max} calls (maxToolCalls)`
export const outputLimitError = (chars: number, max: number) =>
  `output limit exceeded: the returned JSON is ${chars} characters, over ${max} (maxOutputChars)`
/** The line that ends console text cut at `max` characters. */
export const consoleCutMark = (max: number) => `\n[console output cut at ${max} characters (maxConsoleChars)]\n`
