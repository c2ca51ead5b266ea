/**
 * Whether a repository path lies in a tree of another project's files: a Go module `go mod vendor`
 * copies, a package a manager installs, a library kept under `third_party/`. An agent file there is
 * its upstream's (vendor/go.opentelemetry.io/otel/AGENTS.md names the `.github/` of the
 * opentelemetry-go repository, which the copy leaves out); this repository's maintainers do not
 * edit it, so what it names is no reference of theirs.
 */
const VENDORED_FOLDERS = new Set([
  'vendor',
  'third_party',
  'third-party',
  'node_modules',
  'bower_components',
  'site-packages',
]);

/** Returns whether repository-relative `path` has a vendored folder among its folders; never throws. */
export function isVendored(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((part) => VENDORED_FOLDERS.has(part));
}
