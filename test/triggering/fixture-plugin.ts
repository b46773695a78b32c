/** A three-skill plugin written to a temp dir, each body carrying a marker that must not leak when stubbed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export const FIXTURE_SKILLS = {
  commit:
    "Writes conventional commit messages from the staged diff. Use when the user asks to commit changes.",
  deploy:
    "Deploys the current branch to staging or production. Use when the user wants to ship or roll back.",
  pdf: "Extracts text and tables from PDF files and merges documents. Use when working with PDF files.",
} as const;

export const bodyMarker = (name: string): string => `BODY-OF-${name.toUpperCase()}-step-1`;

export function writeFixturePlugin(name = "demo"): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "vigiles-triggering-fixture-"));
  const files: Record<string, string> = {
    ".claude-plugin/plugin.json": JSON.stringify({ name }),
  };
  for (const [skill, description] of Object.entries(FIXTURE_SKILLS)) {
    files[`skills/${skill}/SKILL.md`] =
      `---\nname: ${skill}\ndescription: ${JSON.stringify(description)}\n---\n\n# ${skill}\n\n${bodyMarker(skill)}: run the full procedure.\n`;
  }
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
