// Pins what counts as "listed to the model" for mutate's reach: a skill or subagent whose
// description reached an agent request (system, message or a tool's description), from the spec,
// a plugin root or the project in any harness's layout; bookkeeping requests and vendored copies
// (node_modules) do not count. Free: requests are built by hand.
import { afterAll, expect, test } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ModelRequest } from "../../src/core/trace.js";
import { listedItems } from "../../src/tiers/harness/listed-items.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-listed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const put = (path: string, description: string) => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), `---\ndescription: ${description}\n---\nbody\n`);
};

const request = (over: Partial<ModelRequest>): ModelRequest => ({
  sideChannel: false,
  system: "",
  tools: [],
  messages: [],
  body: {},
  ...over,
});

put(".gemini/skills/fmt/SKILL.md", "Formats Go sources with gofmt before a commit.");
put(".claude/agents/scout.md", "Scouts the repository for dead code and unused exports.");
put("node_modules/pkg/skills/vendored/SKILL.md", "Formats Go sources with gofmt before a commit.");
put(".github/skills/quiet/SKILL.md", "Never listed to the model in this run at all, anywhere.");

test("project items in any layout count when their description reached a request; tool descriptions are read", () => {
  const requests = [
    request({ system: "Skills:\n- fmt: Formats Go sources with gofmt\n  before a commit." }),
    request({
      body: {
        tools: [
          {
            name: "Agent",
            description: "Agents: scout: Scouts the repository for dead code and unused exports.",
          },
        ],
      },
    }),
  ];
  expect(listedItems({ dirs: [dir] }, requests)).toEqual({ skills: ["fmt"], agents: ["scout"] });
});

test("a bookkeeping request does not list anything; spec items count by their own name", () => {
  const requests = [
    request({ sideChannel: true, system: "Scouts the repository for dead code and unused exports." }),
    request({ messages: [{ role: "user", text: "Greets the user by name, warmly and briefly." }] }),
  ];
  const skills = { greet: "---\ndescription: Greets the user by name, warmly and briefly.\n---\n" };
  expect(listedItems({ skills, dirs: [dir] }, requests)).toEqual({ skills: ["greet"], agents: [] });
});
