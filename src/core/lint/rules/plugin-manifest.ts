/**
 * Rules over `.claude-plugin/plugin.json`.
 */
import { finding } from "../finding.js";
import { getMember, parseJson, rangeOf, removalOffsets, stringValue } from "../json-ast.js";
import type { LintFinding, LintRuleMeta } from "../types.js";

export interface PluginManifestInput {
  readonly file: string;
  readonly text: string;
}

export const duplicateHooksFileRule: LintRuleMeta = {
  id: "duplicate-hooks-file",
  severity: "error",
  behaviour:
    "A plugin's hooks/hooks.json loads by itself; naming it again in plugin.json's `hooks` raises the " +
    '"Duplicate hooks file" error at session start and the plugin\'s hooks are dropped.',
  fix: "Remove ./hooks/hooks.json from plugin.json's `hooks`; list only additional hook files there.",
  autofix: true,
};

export const pluginNameRule: LintRuleMeta = {
  id: "plugin-name",
  severity: "error",
  behaviour: "plugin.json must carry a kebab-case `name`; skills, agents and commands are namespaced by it.",
  fix: 'Set "name" to a kebab-case identifier, e.g. "my-plugin".',
  autofix: false,
};

export const pluginManifestRules: readonly LintRuleMeta[] = [duplicateHooksFileRule, pluginNameRule];

function isDefaultHooksFile(path: string): boolean {
  return path.replace(/^\.\//, "").replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\//, "") === "hooks/hooks.json";
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
  const hooksIndex = root.members.findIndex((m) => m.name.type === "String" && m.name.value === "hooks");
  const hooksMember = root.members[hooksIndex];
  if (hooksMember === undefined) return out;
  const value = hooksMember.value;
  if (value.type === "String" && isDefaultHooksFile(value.value)) {
    const [start, end] = removalOffsets(root.members, hooksIndex);
    out.push(
      finding(
        duplicateHooksFileRule,
        input.file,
        rangeOf(value),
        `plugin.json names "${value.value}", which loads by itself: the duplicate drops every hook of the plugin.`,
        { edits: [{ file: input.file, start, end, text: "" }] },
      ),
    );
  } else if (value.type === "Array") {
    value.elements.forEach((element, index) => {
      const path = stringValue(element.value);
      if (path === undefined || !isDefaultHooksFile(path)) return;
      const [start, end] = removalOffsets(value.elements, index);
      out.push(
        finding(
          duplicateHooksFileRule,
          input.file,
          rangeOf(element),
          `plugin.json's hooks array names "${path}", which loads by itself: the duplicate drops every hook of the plugin.`,
          { edits: [{ file: input.file, start, end, text: "" }] },
        ),
      );
    });
  }
  return out;
}
