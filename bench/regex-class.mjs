/** The characters a regex class body such as `a-zA-Z0-9_\-` stands for (`\w`, `\d`, ranges, escapes), once each. */
export function regexClassCharacters(body) {
  const out = [];
  for (let i = 0; i < body.length; i++) {
    let ch = body[i];
    if (ch === '\\') {
      ch = body[++i];
      if (ch === 'w') out.push(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_');
      else if (ch === 'd') out.push(...'0123456789');
      else out.push(ch);
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let code = ch.charCodeAt(0); code <= body.charCodeAt(i + 2); code++) out.push(String.fromCharCode(code));
      i += 2;
    } else out.push(ch);
  }
  return [...new Set(out)];
}
