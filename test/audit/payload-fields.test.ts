/**
 * `payload-field-unsent` over the fields each event sends, read from the dialect: Claude Code's
 * `payloadFields` against its binary's hook input schemas, and the names hooks read that no harness
 * sends (`tool_output`, `transcript`, `agent_output`) reported where the event carries the field
 * under its own name (issue 35's misses). A real run pins what a hook receives
 * (test/harness/audit-rule-pins.test.ts).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dialectOf } from "../../src/adapters/registry.js";
import { dialectEvent } from "../../src/core/dialect.js";
import { auditHarness } from "../../src/tools/audit/static-audit.js";

const require = createRequire(import.meta.url);

/** The top-level keys of the zod object literal `c({…})` starting at `from`. */
function objectKeys(text: string, from: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let key = "";
  let inKey = true;
  for (let i = text.indexOf("{", from); i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"' || ch === "'" || ch === "`") {
      const end = text.indexOf(ch, i + 1);
      i = end < 0 ? text.length : end;
      continue;
    }
    if ("{([".includes(ch)) depth++;
    else if ("})]".includes(ch)) {
      depth--;
      if (depth === 0) break;
    } else if (depth === 1 && ch === ",") {
      inKey = true;
      key = "";
    } else if (depth === 1 && inKey && ch === ":") {
      keys.push(key.trim());
      inKey = false;
    } else if (depth === 1 && inKey) key += ch;
  }
  return keys;
}

describe("Claude Code's payloadFields are its binary's hook input schemas", () => {
  const bin = join(dirname(require.resolve("@anthropic-ai/claude-code-linux-x64/package.json")), "claude");
  const text = readFileSync(bin).toString("latin1");
  const dialect = dialectOf("claude-code");
  const common = text.indexOf("c({session_id:n(),transcript_path:n(),cwd:n()");
  const commonKeys = objectKeys(text, common);

  it("the common fields", () => {
    expect(common).toBeGreaterThan(0);
    expect(commonKeys).toEqual(
      expect.arrayContaining(["session_id", "transcript_path", "cwd", "agent_type"]),
    );
    for (const event of dialect.events)
      expect(event.payloadFields, event.name).toEqual(expect.arrayContaining(commonKeys));
  });

  it("each event's own fields, for every event of the dialect", () => {
    const schemas = [...text.matchAll(/c\(\{hook_event_name:E\("(\w+)"\)/g)];
    const byEvent = new Map(schemas.map((m) => [m[1] as string, objectKeys(text, m.index)]));
    // The model switch events add one shared schema (`function …(e){return c({from_model:…`).
    const switchAt = text.indexOf("c({from_model:n()");
    expect(switchAt).toBeGreaterThan(0);
    const switchKeys = objectKeys(text, switchAt);
    for (const event of dialect.events) {
      const own = byEvent.get(event.name);
      expect(own, event.name).toBeDefined();
      const schema = [...(own ?? []), ...(event.name.endsWith("ModelSwitch") ? switchKeys : [])].filter(
        (k) => !commonKeys.includes(k),
      );
      const recorded = (event.payloadFields ?? []).filter(
        (k) => !commonKeys.includes(k) && k !== "scratchpad_dir",
      );
      expect(new Set(recorded), event.name).toEqual(new Set(schema));
    }
  });

  it("none of them is a name hooks misread", () => {
    for (const event of dialect.events)
      for (const unsent of ["tool_output", "transcript", "agent_output", "toolArgs"])
        expect(event.payloadFields, event.name).not.toContain(unsent);
    expect(dialectEvent(dialect, "PostToolUse")?.payloadFields).toContain("tool_response");
  });
});

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function unsent(files: Record<string, string>): string[] {
  const root = mkdtempSync(join(tmpdir(), "vigiles-payload-fields-"));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text, { mode: 0o755 });
  }
  return auditHarness(root)
    .findings.filter((f) => f.ruleId === "payload-field-unsent")
    .map((f) => f.message);
}

const claude = (event: string, script: string) => ({
  ".claude/settings.json": JSON.stringify({
    hooks: {
      [event]: [{ hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR/.claude/hooks/h.sh"' }] }],
    },
  }),
  ".claude/hooks/h.sh": `#!/bin/sh\n${script}\nexit 0\n`,
});

describe("names no harness sends, on Claude Code", () => {
  it("reports .tool_output on PostToolUse, .transcript on Stop, .agent_output on SubagentStop", () => {
    expect(unsent(claude("PostToolUse", "out=$(jq -r '.tool_output')"))).toEqual([
      expect.stringMatching(
        /Reads `tool_output` for the tool's result, but Claude Code sends it as `tool_response` on PostToolUse/,
      ),
    ]);
    expect(unsent(claude("Stop", "t=$(jq -r '.transcript')"))).toEqual([
      expect.stringMatching(/`transcript` for the transcript's path.*`transcript_path` on Stop/),
    ]);
    const py = `python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("agent_output"))'`;
    expect(unsent(claude("SubagentStop", py))).toEqual([
      expect.stringMatching(/`agent_output`.*`last_assistant_message` on SubagentStop/),
    ]);
  });

  it("reports Copilot's toolArgs on a Claude Code event beyond the two tool events (PermissionRequest)", () => {
    expect(unsent(claude("PermissionRequest", "c=$(jq -r '.toolArgs.command')"))).toHaveLength(1);
  });

  it("is silent where the script also reads the name sent, or the event carries no such field", () => {
    const silent: [string, string][] = [
      ["PostToolUse", "out=$(jq -r '.tool_output // .tool_response')"],
      ["PostToolUse", 'r=$(jq -r \'.tool_response\')\necho "{\\"tool_output\\": \\"$r\\"}" > log.json'],
      // A Stop payload has no tool result: a shared script's branch for another event is not a misread.
      ["Stop", "out=$(jq -r '.tool_output')"],
      // A key the script writes is not a read.
      ["PostToolUse", `r=$(jq -r '.tool_response')\njq -n --arg r "$r" '{tool_output: $r}' >> log.jsonl`],
      ["Stop", "p=$(jq -r '.transcript_path')\ngrep -c transcript \"$p\""],
    ];
    for (const [event, script] of silent) expect(unsent(claude(event, script)), script).toEqual([]);
  });
});

describe("the same names on other harnesses, through their dialects", () => {
  it("Gemini CLI's AfterTool sends tool_response; Copilot CLI's postToolUse sends toolResult", () => {
    const gemini = {
      ".gemini/settings.json": JSON.stringify({
        hooks: {
          AfterTool: [
            { matcher: "run_shell_command", hooks: [{ type: "command", command: "jq -r .tool_output" }] },
          ],
        },
      }),
    };
    expect(unsent(gemini)).toEqual([
      expect.stringMatching(/Gemini CLI sends it as `tool_response` on AfterTool/),
    ]);
    const copilot = {
      ".github/hooks/h.json": JSON.stringify({
        version: 1,
        hooks: { postToolUse: [{ type: "command", bash: "jq -r .tool_output", timeoutSec: 10 }] },
      }),
    };
    expect(unsent(copilot)).toEqual([expect.stringMatching(/sends it as `toolResult` on postToolUse/)]);
  });
});
