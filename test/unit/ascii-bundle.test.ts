/**
 * The CommonJS bundles are made ASCII-only after esbuild (scripts/build.mjs asciiOnly): V8 then
 * holds them as one-byte strings. The escapes must mean exactly what the characters meant.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ASCII_MARKER, asciiOnly } from '../../scripts/ascii-only.mjs';

const SOURCE = String.raw`module.exports = {
  // a comment with … and 中文
  thanks: /^(?:thanks|谢谢|ありがとう)[\s,.!。！👍🙏]*$/iu,
  dash: /\s[-–—]\s/,
  escaped: /a\…b/,
  emojiClass: /^[👍🙏]+$/u,
  wideClass: /^[👍🙏]+$/,
  text: "…",
};`;

describe('asciiOnly', () => {
  it('leaves no character above 0x7f, and every expression matches as before', () => {
    const escaped = asciiOnly(SOURCE);
    expect(/[^\x00-\x7f]/.test(escaped)).toBe(false);
    const load = (code: string) => {
      const module = { exports: {} as Record<string, RegExp | string> };
      runInNewContext(code, { module });
      return module.exports;
    };
    const before = load(SOURCE);
    const after = load(escaped);
    const samples = [
      '谢谢！👍',
      'thanks 🙏',
      'ありがとう',
      'a – b',
      'a — b',
      'a - b',
      'a…b',
      'a\\…b',
      '👍🙏',
      '👍x',
      '\ud83d',
      'ok',
    ];
    for (const key of ['thanks', 'dash', 'escaped', 'emojiClass', 'wideClass'] as const) {
      for (const sample of samples)
        expect((after[key] as RegExp).test(sample), `${key} on ${sample}`).toBe((before[key] as RegExp).test(sample));
    }
    expect(after['text']).toBe(before['text']);
  });

  it('refuses a String.raw template with a non-ASCII character (an escape would change its value)', () => {
    expect(() => asciiOnly('const a = String.raw`[–]`;')).toThrow(/String\.raw/);
  });

  it('holds for every built bundle, which says so for the loader to read it as latin1', () => {
    const dist = join(import.meta.dirname, '..', '..', 'dist');
    const bundles = readdirSync(dist).filter((name) => name.endsWith('.cjs'));
    expect(bundles.length).toBeGreaterThan(0);
    for (const name of bundles) {
      const bytes = readFileSync(join(dist, name));
      expect(
        bytes.every((byte) => byte < 0x80),
        name,
      ).toBe(true);
      expect(bytes.toString('latin1').slice(-120), name).toContain(`\n${ASCII_MARKER}\n`);
    }
  });
});
