/** `text` as one single-quoted POSIX shell word (an embedded `'` becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
