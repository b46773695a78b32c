/**
 * Claude Code does not give up on frontmatter that strict YAML rejects: a real run of 2.1.328
 * (test/audit/static-consequences.test.ts) lists a skill whose frontmatter reads
 * `description: Show the board: this repo's debt`, a plain scalar with ": " inside that YAML calls a
 * nested mapping, with its whole description. Its loader quotes such values and parses again, so
 * the audit does the same before it reports a frontmatter that "does not parse".
 */
import { readFrontmatter, type Frontmatter } from "../frontmatter.js";

const PLAIN_VALUE = /^([A-Za-z_][\w-]*):[ \t]+([^'"|>[{&*!#\s].*?)[ \t]*$/;

/** The frontmatter block with every top-level plain value that holds ": " single-quoted. */
export function quoteLossyValues(head: string): string | undefined {
  let changed = false;
  const lines = head.split("\n").map((line) => {
    const m = PLAIN_VALUE.exec(line.replace(/\r$/, ""));
    if (!m || !(m[2] as string).includes(": ")) return line;
    changed = true;
    return `${m[1]}: '${(m[2] as string).replace(/'/g, "''")}'`;
  });
  return changed ? lines.join("\n") : undefined;
}

/** Reads frontmatter as Claude Code's loader does: strict YAML first, then with lossy values quoted. */
export function readFrontmatterLikeClaudeCode(text: string): Frontmatter {
  const strict = readFrontmatter(text);
  if (strict.error?.kind !== "yaml") return strict;
  const quoted = quoteLossyValues(strict.head);
  if (quoted === undefined) return strict;
  const retry = readFrontmatter(quoted + strict.body);
  return retry.error === undefined ? { ...retry, head: strict.head, body: strict.body } : strict;
}
