/** oclif's explicit command map: every command the CLI ships, by id. */
export const COMMANDS = {};
