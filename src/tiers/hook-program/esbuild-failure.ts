/** esbuild's build failure as one line: each error with its file and line (a syntax error, a missing import). */
export function esbuildFailureDetail(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] })
    .errors;
  return errors?.length
    ? errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text)).join("; ")
    : String(error);
}
