/**
 * Release-note fragment folders: a tool's queue of one file per change (changesets' `.changeset/`, towncrier's
 * `newsfragments/` and `changelog.d/`, changie's `.changes/unreleased/`, go-changelog's `.changelog/`), each file
 * named per change (`.changeset/gentle-boats-serve.md`, random words) and deleted when the release is cut. A name
 * there that git never saw is one the text makes up to show an entry (set 55's hyperdx: "Left to discover
 * `.changeset/gentle-boats-serve.md` by name it cannot"), not a file that is gone. The folder's own files (a README,
 * the tool's config, a template) are no entries.
 */
const FRAGMENT_FOLDER = /(?:^|\/)(?:\.changeset|newsfragments|changelog\.d|\.changes\/unreleased|\.changelog)$/;
const FOLDER_OWN_FILE = /^(?:readme|config|template)(?:\.[^.]+)*$/i;

/** Returns whether repository-relative `path` is an entry directly in a release-note fragment folder; never throws. */
export function isReleaseNoteFragment(path: string): boolean {
  const slash = path.lastIndexOf('/');
  if (slash < 0) return false;
  return FRAGMENT_FOLDER.test(path.slice(0, slash)) && !FOLDER_OWN_FILE.test(path.slice(slash + 1));
}
