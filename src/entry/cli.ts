/** oclif itself, bundled (one file parses faster than node_modules' many). bin/run.js imports it for every non-hook command. */
export { execute } from '@oclif/core';
