/**
 * oclif itself, bundled (one file parses faster than node_modules' many), and the command map
 * oclif loads through package.json's `oclif.commands.target`: one file, so one oclif. bin/run.js
 * requires it for every command without a fast path.
 */
export { execute } from '@oclif/core';
export { COMMANDS } from './commands.js';
