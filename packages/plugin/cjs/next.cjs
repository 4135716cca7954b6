'use strict'
// CommonJS entry of `@toolreg/plugin/next`, for a `next.config.js` that uses `require()` (Node
// 20.19+ requires ES modules synchronously).
module.exports = require('../dist/next.js')
