// The shell commands of the first ```sh block after a heading of the README, comments removed.
import { readFileSync } from "node:fs";

export function commandsUnder(heading: string, readme = readFileSync("README.md", "utf8")): string[] {
  const section = readme.slice(readme.indexOf(heading));
  const start = section.indexOf("```sh") + 5;
  return section
    .slice(start, section.indexOf("```", start))
    .trim()
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim());
}
