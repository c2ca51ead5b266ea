// wrap-ansi@7 (CommonJS, already bundled for oclif's help) ships no types.
declare module 'wrap-ansi' {
  export default function wrapAnsi(
    text: string,
    columns: number,
    options?: { hard?: boolean; trim?: boolean; wordWrap?: boolean },
  ): string;
}
