/** Returns the markdown reference of `commands` (oclif's command map: id → command class), commands by id. */
export declare function commandReference(commands: Record<string, unknown>): string;
