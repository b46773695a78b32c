// How release surfaces are read and compared, on STAND-IN binaries: small files written here that
// hold the same text shapes the real Claude Code and Codex binaries carry (the event catalogue in its
// 2.1.328 and older spelling, the canonical tool list before the legacy-name map, Codex's hook input
// schemas). They are fixtures, not CLIs, and are never run. Pins: an event the release adds, a tool it
// lacks, a stream event it lacks and a matcher value list that changed are each reported, and
// nothing else; the pre-2.1.328 `fieldToMatch` spelling is no difference.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { extractClaudeCodeSurface } from "../../src/adapters/claude-code/surface.js";
import { extractCodexSurface } from "../../src/adapters/codex/surface.js";
import { extractQwenSurface } from "../../src/adapters/qwen-code/surface.js";
import { extractOpenCodeSurface } from "../../src/adapters/opencode/surface.js";
import { SurfaceUnreadableError } from "../../src/adapters/shared/surface-kit.js";
import { compareSurfaces } from "../../src/core/surface.js";

const dir = mkdtempSync(join(tmpdir(), "vigiles-surface-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FLAGS = `"--include-hook-events","--output-format","--settings","--verbose"`;

function standInClaude(name: string, parts: { events: string; tools?: string; stream: string }): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `\u0000ELF stand-in ${FLAGS} ${parts.events} ${parts.tools ?? ""} ${parts.stream} ANTHROPIC_BASE_URL`,
  );
  return path;
}

const CATALOGUE_NEW =
  'PreToolUse:{summary:"Before tool execution",description:`x`,matcherMetadata:{values:e}},' +
  'SessionStart:{summary:"s",description:`y`,matcherMetadata:{values:["startup","resume"]}},' +
  'Stop:{summary:"stop",description:`z`}';
const CATALOGUE_OLD =
  'PreToolUse:{summary:"Before tool execution",description:`x`,matcherMetadata:{fieldToMatch:"tool_name",values:e}},' +
  'SessionStart:{summary:"s",description:`y`,matcherMetadata:{fieldToMatch:"source",values:["startup","resume"]}},' +
  'Stop:{summary:"stop",description:`z`}';
const TOOLS = 'var a=["Agent","Bash","Monitor","Read"],b={Task:"Agent",KillShell:"TaskStop"};';

describe("Claude Code surface extractor (stand-in binaries)", () => {
  const pinned = extractClaudeCodeSurface(
    standInClaude("claude-pinned", {
      events: CATALOGUE_NEW,
      tools: TOOLS,
      stream: '"hook_started","hook_response","hook_no_verdict"',
    }),
    "2.1.328",
  );

  test("reads events with their matcher values, the tool list with its legacy names, and the adapter's names", () => {
    expect(pinned.entries.filter((e) => e.kind === "hook-event")).toEqual([
      { kind: "hook-event", name: "PreToolUse", detail: "matcher values: …" },
      { kind: "hook-event", name: "SessionStart", detail: "matcher values: startup,resume" },
      { kind: "hook-event", name: "Stop" },
    ]);
    expect(pinned.entries.filter((e) => e.kind === "tool").map((e) => e.name)).toEqual([
      "Agent",
      "Bash",
      "Monitor",
      "Read",
      "Task",
      "KillShell",
    ]);
    expect(pinned.entries.filter((e) => e.kind === "stream-event").map((e) => e.name)).toEqual([
      "hook_started",
      "hook_response",
      "hook_no_verdict",
    ]);
    expect(pinned.presenceOnly).toEqual([]);
  });

  test("a newer release: the added event is the only difference", () => {
    const newer = extractClaudeCodeSurface(
      standInClaude("claude-newer", {
        events: `${CATALOGUE_NEW},PreSkillShellCommand:{summary:"p",description:\`q\`,matcherMetadata:{values:[]}}`,
        tools: TOOLS,
        stream: '"hook_started","hook_response","hook_no_verdict"',
      }),
      "2.1.332",
    );
    expect(compareSurfaces(pinned, newer)).toEqual({
      from: "2.1.328",
      to: "2.1.332",
      added: [{ kind: "hook-event", name: "PreSkillShellCommand", detail: "matcher values: (none listed)" }],
      removed: [],
      changed: [],
    });
  });

  test("an older release without the tool list: tools read by presence, its missing tool and stream event removed, old spelling no change", () => {
    const older = extractClaudeCodeSurface(
      standInClaude("claude-older", {
        events: CATALOGUE_OLD.replace('"startup","resume"', '"startup"'),
        tools: 'var x="Agent",y="Bash",z="Read";var g={Task:"Agent",KillShell:"TaskStop"};',
        stream: '"hook_started","hook_response"',
      }),
      "2.1.303",
      pinned,
    );
    expect(older.presenceOnly).toEqual(["tool"]);
    const diff = compareSurfaces(pinned, older);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([
      { kind: "tool", name: "Monitor" },
      { kind: "stream-event", name: "hook_no_verdict" },
    ]);
    expect(diff.changed).toEqual([
      {
        kind: "hook-event",
        name: "SessionStart",
        from: "matcher values: startup,resume",
        to: "matcher values: startup",
      },
    ]);
  });

  test("files that carry none of the adapter's flags are refused, not read as an empty surface", () => {
    const path = join(dir, "not-claude");
    writeFileSync(path, "#!/bin/sh\necho hi\n");
    expect(() => extractClaudeCodeSurface(path, "9.9.9")).toThrow(SurfaceUnreadableError);
  });
});

describe("Codex surface extractor (stand-in binary)", () => {
  test("its hook events are the hook_event_name constants of the embedded schemas", () => {
    const path = join(dir, "codex");
    const schema = (event: string) =>
      `"hook_event_name": {\n      "const": "${event}",\n      "type": "string"\n    }`;
    writeFileSync(
      path,
      `skip-git-repo-check json ${schema("PreToolUse")} ${schema("Stop")} ${schema("PreToolUse")} CODEX_HOME`,
    );
    const surface = extractCodexSurface(path, "0.171.0");
    expect(surface.entries.filter((e) => e.kind === "hook-event").map((e) => e.name)).toEqual([
      "PreToolUse",
      "Stop",
    ]);
    expect(surface.entries.filter((e) => e.kind === "cli-flag").map((e) => e.name)).toEqual([
      "--json",
      "--skip-git-repo-check",
    ]);
  });
});

describe("Qwen Code surface extractor (stand-in bundles)", () => {
  /** A stand-in package folder: an entry script and a chunk with the enum, the flags and (maybe) the table. */
  function standInQwen(name: string, table: string | undefined): string {
    const root = join(dir, name);
    mkdirSync(join(root, "chunks"), { recursive: true });
    writeFileSync(join(root, "cli.js"), 'import "./chunks/a.js";');
    writeFileSync(
      join(root, "chunks", "a.js"),
      [
        'HookEventName2["PreToolUse"] = "PreToolUse";',
        'const flags = ["output-format", "yolo"];',
        table ?? "",
      ].join("\n"),
    );
    return join(root, "cli.js");
  }

  test("its tools are its ToolNames table's values, a tool the table adds included (none read by presence)", () => {
    const surface = extractQwenSurface(
      standInQwen(
        "qwen-table",
        'var ToolNames = {\n  SHELL: "run_shell_command",\n  // a comment\n  NEW_THING: "new_thing"\n};',
      ),
      "9.9.9",
    );
    expect(surface.entries.filter((e) => e.kind === "tool").map((e) => e.name)).toEqual([
      "run_shell_command",
      "new_thing",
    ]);
    expect(surface.presenceOnly).toEqual([]);
  });

  test("a release without the table: its tools are the pinned ones it still names, read by presence", () => {
    const surface = extractQwenSurface(standInQwen("qwen-plain", 'call("read_file")'), "9.9.8");
    expect(surface.entries.filter((e) => e.kind === "tool").map((e) => e.name)).toEqual(["read_file"]);
    expect(surface.presenceOnly).toEqual(["tool"]);
  });
});

describe("OpenCode surface extractor (stand-in binary)", () => {
  test("plugin events are triggers with an object input; the web UI's command triggers are not events", () => {
    const path = join(dir, "opencode-stand-in");
    writeFileSync(
      path,
      [
        "\u0000ELF stand-in format",
        'let u=yield*e.plugin.trigger("chat.params",{sessionID:s},{temperature:t});',
        'yield*i.trigger("tool.execute.before",{tool:n},{args:a});',
        // 1.18.33's web UI: a command palette and a new-tab command, not plugin hooks.
        'onClick:()=>t.trigger("file.open"),onSelect:()=>m.trigger("file.open","palette"),',
        'onSelect:Be=>{t.trigger("tab.new",Be)}',
      ].join("\n"),
    );
    const events = extractOpenCodeSurface(path, "9.9.9")
      .entries.filter((e) => e.kind === "hook-event")
      .map((e) => e.name);
    expect(events).toEqual(["chat.params", "tool.execute.before"]);
  });
});
