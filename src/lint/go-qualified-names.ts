/**
 * A Go package's member written after its import path: `internal/config.Module`, `config/options.Map`,
 * `net/http.Handler` (set 108's go-service: "compose … with a service-local `internal/config.Module`", a package of
 * the downstream services). Go names a package's member by its path, a dot and the member's name, an exported one
 * capitalised; a file's extension is written in lower case (`.go`, `.mod`) or all in capitals (`.MD`), so a
 * lower-case package name, a dot and a capitalised name with lower-case letters in it is the member. Read so only in
 * a Go module (a `go.mod` in the agent file's folder or one above it): R's `report.Rmd` is a file. Never throws.
 */
import { posix } from 'node:path';

/**
 * A Go package name, a dot and a name Go exports (`config.Module`, `options.Map`, `http.HandlerFunc`), then any
 * exported field or method of it, each the same shape (set 116's oastools: `schemautil.DeduplicationConfig.Outranks`).
 */
const PACKAGE_MEMBER = /^[a-z][a-z0-9_]*(?:\.[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)+$/;

/** Whether `reference`, named in agent file `file`, is a Go package's exported member, not a file. */
export function isGoPackageMember(reference: string, file: string, exists: (path: string) => boolean): boolean {
  const last = reference.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return PACKAGE_MEMBER.test(last) && isInGoModule(file, exists);
}

/** Whether a `go.mod` lies in `file`'s folder or a folder above it, up to the repository root. */
function isInGoModule(file: string, exists: (path: string) => boolean): boolean {
  for (let folder = posix.dirname(file); ; folder = posix.dirname(folder)) {
    if (exists(folder === '.' ? 'go.mod' : `${folder}/go.mod`)) return true;
    if (folder === '.' || folder === '/' || folder === '') return false;
  }
}
