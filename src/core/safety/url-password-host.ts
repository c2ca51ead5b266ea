/**
 * Where a password written in a URL (`scheme://user:password@host`) is sent. The secret gate keeps
 * a user-named password to this machine as a development default, and `mem lint` reports no
 * password to this machine in a hand-written file: both ask here which host that is.
 */

// Hosts only this machine reaches (RFC 6761's `localhost` names, 127.0.0.0/8, ::1), the any-address
// a local server binds, and Docker's name for the machine a container runs on.
const LOOPBACK_HOST = /^(?:(?:[\w-]+\.)*localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|host\.docker\.internal)$/i;

/** The host of the URL whose password `password` starts at `start` of `text`; '' when no `@host` follows it. */
export function hostAfterPassword(text: string, password: string, start: number): string {
  return /^@(\[[^\]]*\]|[^\s:/?#"'`<>]+)/.exec(text.slice(start + password.length))?.[1] ?? '';
}

/** Whether `host` is this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOST.test(host);
}
