// Pins which folder a registration's project-dir variable is: the project its harness declares for the file.
import { describe, expect, it } from "vitest";
import { projectDirOf } from "./project-dir.js";

describe("projectDirOf", () => {
  it("a nested project's settings resolve against that project", () => {
    expect(projectDirOf({ projectDir: "my-project" }, "/r")).toBe("/r/my-project");
    expect(projectDirOf({ projectDir: "a/b" }, "/r")).toBe("/r/a/b");
  });
  it("the root's own settings, plugin hooks and other files resolve against the root", () => {
    expect(projectDirOf({ projectDir: "" }, "/r")).toBe("/r");
    expect(projectDirOf({}, "/r")).toBe("/r");
    expect(projectDirOf({ projectDir: "p", pluginRoot: "/r/p" }, "/r")).toBe("/r");
  });
});
