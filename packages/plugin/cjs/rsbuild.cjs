'use strict'
// CommonJS entry of `@toolreg/plugin/rsbuild` (see callable.cjs).
module.exports = require('./callable.cjs')(require('../dist/rsbuild.js'))
