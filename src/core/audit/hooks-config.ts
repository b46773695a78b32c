/**
 * Reads the hook registrations out of a settings file, a plugin's hooks/hooks.json or a Codex
 * hooks.json, keeping the position of every value, and reports where the shape is not one the
 * harness will load (a wrong shape is dropped without a word, and the hook never runs).
 */
import { HOOK_HANDLER_TYPES } from "./hook-events.js";
import type { HarnessId, HookDialect } from "../dialect.js";
import {
  getMember,
  kindName,
  memberName,
  offsetsOf,
  parseJson,
  rangeOf,
  type DocumentNode,
  type ValueNode,
} from "./json-ast.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "./types.js";

/** A JSON file that can register hooks. */
export interface HookFileInput {
  readonly file: string;
  readonly text: string;
  /** What the harness that reads the file does with hooks. */
  readonly dialect: HookDialect;
  /** `settings`: hooks are optional among other keys; `hooks-file`: the file exists to register hooks. */
  readonly role: "settings" | "hooks-file";
  /** Absolute directory of the plugin the file belongs to. */
  readonly pluginRoot?: string;
  /** The project its hooks run in, relative to the audited root (`/` separators); absent: the root. */
  readonly projectDir?: string;
  /** The user's own file, not shared by committing it (local settings, user-level settings). */
  readonly personal?: boolean;
  /**
   * Set when `text` was synthesized from another file's `hooks` (SKILL.md or agent frontmatter):
   * findings in `file` point here instead, and carry no edits (their offsets are not the file's).
   */
  readonly embeddedAt?: SourceRange;
}

/** One handler registered on one event (and matcher). */
export interface HookRegistration {
  readonly file: string;
  readonly harness: HarnessId;
  readonly dialect: HookDialect;
  readonly pluginRoot?: string;
  /** The project its hooks run in, relative to the audited root; absent: the root. */
  readonly projectDir?: string;
  /** Registered in the user's own file, not a shared one (the file's `personal`). */
  readonly personal?: boolean;
  readonly event: string;
  readonly eventRange: SourceRange;
  readonly matcher?: string;
  readonly matcherRange?: SourceRange;
  readonly type: string;
  readonly command?: string;
  readonly commandRange?: SourceRange;
  /** Offsets of the command's JSON string (quotes included), for edits. */
  readonly commandOffsets?: readonly [number, number];
  /** Exec form: the argv, run without a shell. */
  readonly args?: readonly string[];
  /** Registered budget in seconds, when set. */
  readonly timeoutSeconds?: number;
  /** Where the command runs, relative to the project, when the handler names it (the dialect's `cwdField`). */
  readonly cwd?: string;
  readonly condition?: string;
  readonly conditionRange?: SourceRange;
  readonly handlerRange: SourceRange;
}

export const jsonSyntaxRule: LintRuleMeta = {
  id: "json-syntax",
  severity: "error",
  behaviour: "A settings or hooks file that is not valid JSON is skipped as a whole: none of its hooks load.",
  fix: "Fix the JSON syntax at the position given.",
  autofix: false,
};

export const hooksShapeRule: LintRuleMeta = {
  id: "hooks-shape",
  severity: "error",
  behaviour:
    'Hooks load only in the shape {"hooks": {"<Event>": [{"matcher": "...", "hooks": [{"type": "command", ' +
    '"command": "..."}]}]}}; an entry of another shape is dropped and its hook never runs. On a harness whose ' +
    "dialect reads only such groups, a handler written straight in the event's list is one: the harness discards it.",
  fix: "Reshape the entry: each event maps to an array of groups, each group has a `hooks` array of handlers.",
  autofix: false,
};

/** The result of reading one hooks file. */
export interface HooksConfig {
  readonly registrations: HookRegistration[];
  readonly findings: LintFinding[];
  readonly document?: DocumentNode;
}

/** Reads the registrations and the shape findings of one file. */
export function readHooksConfig(input: HookFileInput): HooksConfig {
  const findings: LintFinding[] = [];
  const registrations: HookRegistration[] = [];
  const shape = (node: { loc: ValueNode["loc"] }, message: string, fix = hooksShapeRule.fix): void => {
    findings.push({
      ruleId: hooksShapeRule.id,
      severity: hooksShapeRule.severity,
      message,
      file: input.file,
      range: rangeOf(node),
      fix,
    });
  };
  const parsed = parseJson(input.text);
  if (!parsed.ok) {
    findings.push({
      ruleId: jsonSyntaxRule.id,
      severity: jsonSyntaxRule.severity,
      message: `Not valid JSON: ${parsed.message}`,
      file: input.file,
      range: parsed.range,
      fix: jsonSyntaxRule.fix,
    });
    return { registrations, findings };
  }
  const root = parsed.document.body;
  if (root.type !== "Object") {
    shape(root, `The file holds ${kindName(root)}; the harness expects an object with a "hooks" key.`);
    return { registrations, findings, document: parsed.document };
  }
  const hooksMember = getMember(root, "hooks");
  if (hooksMember === undefined) {
    // A hooks.json may hold only `modules` (hooks modules, 2.1.328): that registers through the module.
    if (input.role === "hooks-file" && getMember(root, "modules") === undefined)
      shape(root, 'The hooks file has no "hooks" key: it registers nothing.');
    return { registrations, findings, document: parsed.document };
  }
  const hooks = hooksMember.value;
  if (hooks.type !== "Object") {
    shape(hooks, `"hooks" is ${kindName(hooks)}; it must be an object keyed by event name.`);
    return { registrations, findings, document: parsed.document };
  }
  for (const eventMember of hooks.members) {
    const event = memberName(eventMember);
    const groups = eventMember.value;
    if (groups.type !== "Array") {
      shape(groups, `"${event}" is ${kindName(groups)}; it must be an array of matcher groups.`);
      continue;
    }
    for (const element of groups.elements) {
      const group = element.value;
      if (group.type !== "Object") {
        shape(group, `A "${event}" group is ${kindName(group)}; it must be an object with a "hooks" array.`);
        continue;
      }
      const matcherNode = getMember(group, "matcher")?.value;
      let matcher: string | undefined;
      if (matcherNode !== undefined) {
        if (matcherNode.type === "String") matcher = matcherNode.value;
        else shape(matcherNode, `A "${event}" matcher is ${kindName(matcherNode)}; it must be a string.`);
      }
      const handlersNode = getMember(group, "hooks")?.value;
      if (handlersNode === undefined || handlersNode.type !== "Array") {
        shape(
          handlersNode ?? group,
          handlersNode === undefined
            ? `A "${event}" group has no "hooks" array: nothing runs. (A handler placed directly in the group is ignored.)`
            : `A "${event}" group's "hooks" is ${kindName(handlersNode)}; it must be an array of handlers.`,
        );
        continue;
      }
      for (const handlerElement of handlersNode.elements) {
        const handler = handlerElement.value;
        if (handler.type !== "Object") {
          shape(handler, `A "${event}" handler is ${kindName(handler)}; it must be an object with "type".`);
          continue;
        }
        const typeNode = getMember(handler, "type")?.value;
        const type = typeNode?.type === "String" ? typeNode.value : undefined;
        if (type === undefined || !(HOOK_HANDLER_TYPES as readonly string[]).includes(type)) {
          shape(
            typeNode ?? handler,
            type === undefined
              ? `A "${event}" handler has no string "type"; use one of ${HOOK_HANDLER_TYPES.join(", ")}.`
              : `A "${event}" handler has type "${type}"; the harness knows ${HOOK_HANDLER_TYPES.join(", ")}.`,
          );
          continue;
        }
        const commandNode = getMember(handler, "command")?.value;
        const argsNode = getMember(handler, "args")?.value;
        let args: string[] | undefined;
        if (argsNode !== undefined) {
          if (argsNode.type === "Array" && argsNode.elements.every((e) => e.value.type === "String")) {
            args = argsNode.elements.map((e) => (e.value.type === "String" ? e.value.value : ""));
          } else {
            shape(argsNode, `A "${event}" handler's "args" must be an array of strings.`);
          }
        }
        if (type === "command" && (commandNode === undefined || commandNode.type !== "String")) {
          if (args === undefined) {
            shape(
              commandNode ?? handler,
              `A "${event}" command handler has no string "command": nothing runs.`,
            );
            continue;
          }
        }
        const timeoutNode = getMember(handler, "timeout")?.value;
        let timeoutSeconds: number | undefined;
        if (timeoutNode !== undefined) {
          if (timeoutNode.type === "Number" && timeoutNode.value > 0) timeoutSeconds = timeoutNode.value;
          else shape(timeoutNode, `A "${event}" handler's "timeout" must be a positive number of seconds.`);
        }
        const conditionNode = getMember(handler, "if")?.value;
        const cwdField = input.dialect.handlers.cwdField;
        const cwdNode = cwdField !== undefined ? getMember(handler, cwdField)?.value : undefined;
        const command = commandNode?.type === "String" ? commandNode.value : undefined;
        registrations.push({
          file: input.file,
          harness: input.dialect.harness,
          dialect: input.dialect,
          ...(input.pluginRoot !== undefined && { pluginRoot: input.pluginRoot }),
          ...(input.projectDir !== undefined && { projectDir: input.projectDir }),
          ...(input.personal === true && { personal: true }),
          event,
          eventRange: rangeOf(eventMember.name),
          ...(matcher !== undefined &&
            matcherNode !== undefined && { matcher, matcherRange: rangeOf(matcherNode) }),
          type,
          ...(command !== undefined &&
            commandNode !== undefined && {
              command,
              commandRange: rangeOf(commandNode),
              commandOffsets: offsetsOf(commandNode),
            }),
          ...(args !== undefined && { args }),
          ...(timeoutSeconds !== undefined && { timeoutSeconds }),
          ...(cwdNode?.type === "String" && cwdNode.value !== "" && { cwd: cwdNode.value }),
          ...(conditionNode?.type === "String" && {
            condition: conditionNode.value,
            conditionRange: rangeOf(conditionNode),
          }),
          handlerRange: rangeOf(handler),
        });
      }
    }
  }
  return { registrations, findings, document: parsed.document };
}
