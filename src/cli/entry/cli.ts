/**
 * oclif itself, bundled (one file parses faster than node_modules' many), and the command map
 * oclif loads through package.json's `oclif.commands.target`: one file, so one oclif. bin/run.js
 * requires it for every command without a fast path.
 */
// Note: first, so that it runs before oclif loads.
import './oclif-environment.js';
import { settings } from '@oclif/core';

// mem ships compiled JavaScript only. Left on, oclif looks for TypeScript sources whenever
// NODE_ENV is development or test, and an installed mem (no typescript beside it) then warns
// "Could not find typescript" on every command.
settings.enableAutoTranspile = false;

export { execute } from '@oclif/core';
export { COMMANDS } from './commands.js';
export { COMMAND_NOT_FOUND } from '../hooks/not-found.js';
export { HELP } from '../help/help-class.js';
