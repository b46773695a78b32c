/**
 * Rules over `.claude-plugin/plugin.json`.
 */
import { finding } from "../finding.js";
import {
  getMember,
  offsetsOf,
  parseJson,
  rangeOf,
  removalOffsets,
  stringValue,
  type ObjectNode,
} from "../json-ast.js";
import type { LintFinding, LintRuleMeta, SourceRange, TextEdit } from "../types.js";

export interface PluginManifestInput {
  readonly file: string;
  readonly text: string;
}

export const duplicateHooksFileRule: LintRuleMeta = {
  id: "duplicate-hooks-file",
  severity: "warning",
  behaviour:
    "plugin.json's `hooks` is for additional hook files only. Naming the standard hooks/hooks.json (which loads by " +
    'itself) raised the "Duplicate hooks file" error and dropped every hook of the plugin in earlier releases; ' +
    "Claude Code 2.1.328 skips the repeat and the hooks fire once (run here against the pinned CLI), and reports a " +
    'file listed twice as "Duplicate hooks file detected". Either entry is dead weight that breaks older installs.',
  fix: "Remove the repeated entry (and ./hooks/hooks.json) from plugin.json's `hooks`.",
  autofix: true,
};

export const pluginNameRule: LintRuleMeta = {
  id: "plugin-name",
  severity: "error",
  behaviour: "plugin.json must carry a kebab-case `name`; skills, agents and commands are namespaced by it.",
  fix: 'Set "name" to a kebab-case identifier, e.g. "my-plugin".',
  autofix: false,
};

export const pluginComponentPathRule: LintRuleMeta = {
  id: "plugin-component-path",
  severity: "error",
  behaviour:
    "Claude Code 2.1.328 validates every component path of plugin.json (`commands`, `agents`, `skills`, `hooks`, " +
    "`mcpServers`, `lspServers`, `outputStyles`, `themes`, `workflows`, `monitors`) as relative to the plugin root " +
    'and starting with "./" (`skills` may also be "."). One path without it and the harness skips the whole plugin: ' +
    "none of its skills, commands, agents or hooks load, and nothing in the stream says so.",
  fix: 'Start the path with "./" (relative to the plugin root), e.g. "./skills/extra".',
  autofix: true,
};

export const pluginManifestRules: readonly LintRuleMeta[] = [
  duplicateHooksFileRule,
  pluginNameRule,
  pluginComponentPathRule,
];

/** The manifest fields whose strings (or string list entries) are paths inside the plugin. */
const COMPONENT_PATH_FIELDS = [
  "commands",
  "agents",
  "skills",
  "hooks",
  "mcpServers",
  "lspServers",
  "outputStyles",
  "themes",
  "workflows",
  "monitors",
] as const;
type ComponentPathField = (typeof COMPONENT_PATH_FIELDS)[number];

/** What the pinned CLI's manifest schema accepts besides `./…`. */
function acceptedWithoutDot(field: ComponentPathField, path: string): boolean {
  switch (field) {
    case "skills":
      return path === "."; // "." is the plugin root itself
    case "mcpServers":
      return /^https?:\/\//.test(path); // an MCPB bundle may be a URL
    case "commands":
    case "agents":
    case "hooks":
    case "lspServers":
    case "outputStyles":
    case "themes":
    case "workflows":
    case "monitors":
      return false;
  }
}

/**
 * Prefixing "./" keeps the meaning only for a plain path below the plugin root: not an absolute,
 * home, variable, parent or Windows path, and not "." or "".
 */
function dotPrefixIsSafe(path: string): boolean {
  return (
    path !== "" &&
    path !== "." &&
    !/^(?:[/\\~$]|\.\.(?:[/\\]|$)|\.[\\]|[A-Za-z]:)/.test(path) &&
    !path.includes("://")
  );
}

/** Component paths that do not start with "./": the harness then skips the whole plugin. */
function checkComponentPaths(file: string, root: ObjectNode): LintFinding[] {
  const out: LintFinding[] = [];
  for (const field of COMPONENT_PATH_FIELDS) {
    const value = getMember(root, field)?.value;
    if (value === undefined) continue;
    // Objects (inline hooks, MCP or LSP servers, a commands mapping) hold no bare path to check here.
    const entries = value.type === "Array" ? value.elements.map((e) => e.value) : [value];
    for (const entry of entries) {
      if (entry.type !== "String") continue;
      const path = entry.value;
      if (path.startsWith("./") || acceptedWithoutDot(field, path)) continue;
      const safe = dotPrefixIsSafe(path);
      const [start] = offsetsOf(entry);
      out.push(
        finding(
          pluginComponentPathRule,
          file,
          rangeOf(entry),
          `plugin.json's "${field}" path "${path}" does not start with "./": Claude Code 2.1.328 skips the ` +
            "whole plugin (none of its skills, commands, agents or hooks load), without a word in the stream.",
          safe
            ? { fix: `Write "./${path}".`, edits: [{ file, start: start + 1, end: start + 1, text: "./" }] }
            : { fix: `Write the path relative to the plugin root, starting with "./".` },
        ),
      );
    }
  }
  return out;
}

function normalizeHookPath(path: string): string {
  return path
    .replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\//, "")
    .replace(/^(?:\.\/)+/, "")
    .replace(/\/{2,}/g, "/");
}

function isDefaultHooksFile(path: string): boolean {
  return normalizeHookPath(path) === "hooks/hooks.json";
}

/** Naming the standard file: skipped in 2.1.328, fatal to the plugin's hooks in earlier releases. */
function standardEntry(file: string, path: string, range: SourceRange, edit: TextEdit): LintFinding {
  return finding(
    duplicateHooksFileRule,
    file,
    range,
    `plugin.json's hooks names "${path}", which loads by itself: Claude Code 2.1.328 skips it, but earlier releases ` +
      'failed with "Duplicate hooks file" and dropped every hook of the plugin.',
    { edits: [edit] },
  );
}

/** Every plugin.json rule. JSON syntax errors are reported here too. */
export function checkPluginManifest(input: PluginManifestInput): LintFinding[] {
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    return [
      {
        ruleId: "json-syntax",
        severity: "error",
        message: `plugin.json is not valid JSON: ${parsed.message}. The plugin does not load.`,
        file: input.file,
        range: parsed.range,
        fix: "Fix the JSON syntax at the position given.",
      },
    ];
  }
  const root = parsed.document.body;
  if (root.type !== "Object") {
    return [
      finding(pluginNameRule, input.file, rangeOf(root), "plugin.json must be an object with a `name`."),
    ];
  }
  const out: LintFinding[] = [];
  const nameMember = getMember(root, "name");
  const name = stringValue(nameMember?.value);
  if (name === undefined || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) {
    out.push(
      finding(
        pluginNameRule,
        input.file,
        rangeOf(nameMember ?? root),
        name === undefined ? "plugin.json has no string `name`." : `Plugin name "${name}" is not kebab-case.`,
      ),
    );
  }
  out.push(...checkComponentPaths(input.file, root));
  const hooksIndex = root.members.findIndex((m) => m.name.type === "String" && m.name.value === "hooks");
  const hooksMember = root.members[hooksIndex];
  if (hooksMember === undefined) return out;
  const value = hooksMember.value;
  if (value.type === "String" && isDefaultHooksFile(value.value)) {
    const [start, end] = removalOffsets(root.members, hooksIndex);
    out.push(
      standardEntry(input.file, value.value, rangeOf(value), { file: input.file, start, end, text: "" }),
    );
  } else if (value.type === "Array") {
    const seen = new Set<string>();
    value.elements.forEach((element, index) => {
      const path = stringValue(element.value);
      if (path === undefined) return;
      const [start, end] = removalOffsets(value.elements, index);
      const edit = { file: input.file, start, end, text: "" };
      if (isDefaultHooksFile(path)) {
        out.push(standardEntry(input.file, path, rangeOf(element), edit));
        return;
      }
      const key = normalizeHookPath(path);
      if (seen.has(key)) {
        out.push(
          finding(
            duplicateHooksFileRule,
            input.file,
            rangeOf(element),
            `plugin.json's hooks array lists "${path}" twice: Claude Code reports "Duplicate hooks file detected" (2.1.328 then loads it once).`,
            { edits: [edit] },
          ),
        );
      }
      seen.add(key);
    });
  }
  return out;
}
