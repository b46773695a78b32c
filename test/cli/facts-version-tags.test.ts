// `vigiles facts --version latest` checks every harness named or installed, not only the default
// one: a bare dist-tag is expanded to `<harness>@<tag>` for each; a bare version and a
// `<harness>@<version>` are left alone (the bare version stays the one harness's).
import { describe, expect, test } from "vitest";
import { expandTags } from "../../src/cli/commands/facts-run.js";

const adapters = [{ id: "claude-code" }, { id: "codex" }, { id: "gemini" }];

describe("facts --version tags", () => {
  test("latest names that release of every harness checked", () => {
    expect(expandTags("latest", adapters)).toBe("claude-code@latest,codex@latest,gemini@latest");
  });

  test("versions and harness-qualified items stay as given", () => {
    expect(expandTags("2.1.332, codex@latest,next", adapters.slice(0, 2))).toBe(
      "2.1.332,codex@latest,claude-code@next,codex@next",
    );
  });
});
