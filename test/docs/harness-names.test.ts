// Pins the README and package.json to the registry (issue 31): the opening paragraph and the package
// description name every registered harness by its display name, so adding one to
// src/adapters/registry.ts fails here until the two say so; and the README's quick start is the
// user's install path (`npm i -D vigiles`, then `npx vigiles init`), not the contributor setup.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { HARNESSES } from "../../src/adapters/registry.js";
import { commandsUnder } from "../support/readme-commands.js";

const readme = readFileSync("README.md", "utf8");
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { description: string };
const opening = readme.slice(0, readme.indexOf("\n\n", readme.indexOf("\n\n") + 2));

test.each(HARNESSES.map((h) => h.displayName))("the README's opening and package.json name %s", (name) => {
  expect(opening).toContain(name);
  expect(pkg.description).toContain(name);
});

test("the quick start is the user's install path first", () => {
  const commands = commandsUnder("## Quick start", readme);
  expect(commands.slice(0, 2)).toEqual(["npm i -D vigiles", "npx vigiles init"]);
});
