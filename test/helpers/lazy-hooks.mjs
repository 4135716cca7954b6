// Module hooks for test/helpers/lazy-runner.mjs: report every module URL Node loads.
let port
export function initialize(data) {
  port = data.port
}
export async function load(url, context, nextLoad) {
  port.postMessage(url)
  return nextLoad(url, context)
}
