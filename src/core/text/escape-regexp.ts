/** `text` with every character a regular expression reads as syntax escaped: it matches itself. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
