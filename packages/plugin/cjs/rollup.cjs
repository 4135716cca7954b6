'use strict'
// CommonJS entry of `@toolreg/plugin/rollup` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/rollup.js'))
