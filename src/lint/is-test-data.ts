/**
 * Folders of test data: a linter's or a loader's fixtures hold look-alikes, rule-breaking agent files and
 * copies of one another on purpose (claudelint's `tests/fixtures/projects/invalid-all-categories/CLAUDE.md`
 * imports a file that is not there; its `react-typescript-bloated/.expected/` holds the split its bloated
 * CLAUDE.md should become). Their maintainers want them as they are.
 */
const TEST_DATA = /(?:^|\/)(?:fixtures|__fixtures__|testdata|test-data|test_data)\//;

/** Returns whether repository-relative `path` lies in a folder of test data; never throws. */
export function isTestData(path: string): boolean {
  return TEST_DATA.test(path);
}
