/**
 * The tools a command line starts with when it runs what its folder's manifest defines: one list,
 * read by mem lint (a command run in another folder is another command) and by the quality gate's
 * contradiction finder (one package manager stands in for another).
 */

/** The JavaScript package managers: each runs the scripts of its folder's package.json. */
export const PACKAGE_MANAGERS: readonly string[] = ['npm', 'pnpm', 'yarn', 'bun'];

/** Tools that run what the current folder's manifest defines (package.json, a Makefile, justfile, Cargo.toml, go.mod, pyproject.toml, pom.xml…). */
export const FOLDER_RUNNERS: readonly string[] = [
  ...PACKAGE_MANAGERS,
  'npx',
  'make',
  'just',
  'cargo',
  'go',
  'uv',
  'poetry',
  'pytest',
  'tox',
  'nox',
  'mvn',
  'gradle',
  './gradlew',
  'dotnet',
  'mise',
];
