/**
 * The repository paths a rule names: code spans, link targets and bare words that read as a path
 * (a "/" between names; a bare word also needs a file extension, so "and/or" is no path).
 */
const CODE_SPAN = /`([^`\n]+)`/g;
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const BARE = /(?:^|[\s(])((?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.+-]+)*\/[\w@+-]+\.[A-Za-z0-9]{1,8})(?=$|[\s),;:!?]|\.(?:\s|$))/g;
// A path: no space, no scheme, no glob or shell syntax, at least one "/" between names.
const PATH = /^(?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.+-]+)+\/?$/;

/** Returns the paths `text` names, in order, without `:line` suffixes or `#fragments`; never throws. */
export function findPathReferences(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(CODE_SPAN)) out.push(match[1]!.trim());
  for (const match of text.matchAll(LINK)) if (!/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(match[1]!)) out.push(safeDecode(match[1]!.split('#')[0]!));
  for (const match of text.replace(CODE_SPAN, ' ').matchAll(BARE)) out.push(match[1]!);
  return out
    .map((reference) => reference.replace(/:\d+(?::\d+)?$/, '').replace(/[.,;:]+$/, ''))
    .filter((reference) => PATH.test(reference) && !reference.startsWith('@') && !/^\d/.test(reference) && !reference.includes('..', 3));
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
