/** Entry of the hook bundle (filled in by the hook pipeline). */
export async function runHookCli(_argv: string[]): Promise<void> {}
