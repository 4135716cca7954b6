'use strict'
// CommonJS entry of `@toolreg/plugin/esbuild` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/esbuild.js'))
