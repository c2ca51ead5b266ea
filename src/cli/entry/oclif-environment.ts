/**
 * Runs before oclif loads (cli.ts imports it first). On load oclif checks that Node satisfies its
 * own engines range (>=18) with semver, whose ~40 patterns cost every oclif command ~9 M
 * instructions (callgrind, `mem --help` 321 -> 311 M). mem's bundles target Node 20 and its
 * package.json asks for >=20, so that check cannot warn of anything mem would not already refuse.
 */
process.env['OCLIF_DISABLE_ENGINE_WARNING'] ??= '1';
