/**
 * A mutant is written inside its own copy or not at all: a hook source that leaves the root (`..`)
 * or a link out of it is refused by name, and the file outside is untouched. (A path filter once
 * broken by a refactor let `sh` resolve to /usr/bin/dash, and mutate stubbed the machine's shell.)
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { HookItem } from "../../src/core/mutate/types.js";
import { MutantOutsideCopyError, stubScript } from "../../src/tools/mutate/script-stub.js";

const base = mkdtempSync(join(tmpdir(), "vigiles-outside-copy-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const outside = join(base, "outside.sh");
writeFileSync(outside, "#!/bin/sh\necho outside\n", { mode: 0o755 });
const copy = join(base, "copy");
mkdirSync(join(copy, "hooks"), { recursive: true });
symlinkSync(outside, join(copy, "hooks", "linked.sh"));

const item = (source: string): HookItem => ({
  kind: "hook",
  id: `hooks.json:PreToolUse[0].hooks[0]`,
  file: ".claude/settings.json",
  event: "PreToolUse",
  groupIndex: 0,
  handlerIndex: 0,
  matcher: "Bash",
  command: `sh ${source}`,
  sources: [source],
  timeout: undefined,
  sourceText: undefined,
});

describe("mutants stay inside their copy", () => {
  test.each(["../outside.sh", "hooks/linked.sh"])(
    "%s is refused and the file outside is unchanged",
    (source) => {
      expect(() => stubScript(copy, item(source), "always-allows")).toThrow(MutantOutsideCopyError);
      expect(readFileSync(outside, "utf8")).toBe("#!/bin/sh\necho outside\n");
    },
  );
});
