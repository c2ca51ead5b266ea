/** Entry of the git merge driver bundle (filled in by the merge work). */
export async function runMergeDriverCli(_argv: string[]): Promise<number> {
  return 1;
}
