// Pins which folder a registration's $CLAUDE_PROJECT_DIR is: the project holding the settings file.
import { describe, expect, it } from "vitest";
import { projectDirOf } from "./project-dir.js";

describe("projectDirOf", () => {
  it("a nested project's settings resolve against that project", () => {
    expect(projectDirOf({ file: "my-project/.claude/settings.json" }, "/r")).toBe("/r/my-project");
    expect(projectDirOf({ file: "a/b/.claude/settings.local.json" }, "/r")).toBe("/r/a/b");
    expect(projectDirOf({ file: "svc/.codex/hooks.json" }, "/r")).toBe("/r/svc");
    expect(projectDirOf({ file: "svc/.gemini/settings.json" }, "/r")).toBe("/r/svc");
  });
  it("the root's own settings, plugin hooks and other files resolve against the root", () => {
    expect(projectDirOf({ file: ".claude/settings.json" }, "/r")).toBe("/r");
    expect(projectDirOf({ file: "p/hooks/hooks.json", pluginRoot: "/r/p" }, "/r")).toBe("/r");
    expect(projectDirOf({ file: "p/.claude/settings.json", pluginRoot: "/r/p" }, "/r")).toBe("/r");
    expect(projectDirOf({ file: ".github/hooks/guard.json" }, "/r")).toBe("/r");
  });
});
