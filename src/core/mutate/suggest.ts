/** One-line suggestions for a surviving mutant: the test that is missing, named for the item. */
import { dialectEventRules, type HookDialect } from "../dialect.js";
import type { HookItem, MarkdownItem, Mutant } from "./types.js";

/**
 * The free check that notices a hook's context going missing, where its event adds the hook's
 * output to the model's context (a SessionStart hook that loads a skill): undefined elsewhere.
 */
function contextCheck(h: HookItem, dialect: HookDialect | undefined): string | undefined {
  const rules = dialect === undefined ? undefined : dialectEventRules(dialect, h.event);
  if (rules === undefined || !(rules.additionalContext || rules.plainTextIsContext)) return undefined;
  return `a context check: runHook it through its registration and assert the additionalContext${rules.plainTextIsContext ? " (or plainText)" : ""} it must add`;
}

/** What a skill's listing line opens with: its name and the first words of its description, as a regex. */
const listingPattern = (s: MarkdownItem) =>
  `/${s.name}: ${s.description
    .trim()
    .split(/\s+/)
    .slice(0, 4)
    .join(" ")
    .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/`;

/** The free listing check for a skill's description: the listing is in every request the model gets. */
const listingCheck = (s: MarkdownItem) =>
  `a free listing check: assertChecks on a runHarnessTest trace with received(${listingPattern(s)})`;

/**
 * The free listing check for a subagent: harnesses list subagents in a tool's definition (Claude
 * Code's Agent tool), which `received()` does not read, so the check reads the request bodies.
 */
const agentListingCheck =
  "a free listing check: assert that a runHarnessTest's modelRequests carry its description in a tool definition (JSON.stringify(request.body.tools))";

function hookTarget(h: HookItem): string {
  if (h.matcher && h.matcher !== "*") return `a ${h.matcher} call`;
  return `a ${h.event} event`;
}

/**
 * What test would have killed this mutant, in one line; the free check first where one would
 * (`dialect`: the mutant's harness's, for what its event does with a hook's output).
 */
export function suggestionFor(mutant: Mutant, dialect?: HookDialect): string {
  const item = mutant.item;
  const name = item.kind === "hook" ? `this ${item.event} hook (${item.command})` : `${item.file}`;
  const context = item.kind === "hook" ? contextCheck(item, dialect) : undefined;
  switch (mutant.kind) {
    case "hook-always-allows":
      return context !== undefined
        ? `no test checks what ${name} adds to the context: ${context}`
        : `no test sends ${name} ${item.kind === "hook" ? hookTarget(item) : "an input"} it must refuse or answer: add a runHook case that expects its block or output`;
    case "hook-crashes":
      return context !== undefined
        ? `no test checks that ${name} answers at all: ${context}`
        : `no test checks that ${name} answers at all: assert its decision or output, not only that the action went ahead`;
    case "hook-exit2-to-0":
      return `no test expects ${name} to block with exit 2: assert blocked (or assertHookBlocked) on an input it must stop`;
    case "hook-deny-to-block":
      return `no test checks that ${name} writes a legal "deny": assert decision "deny" / decidedBy "permission-decision", not just that JSON came out`;
    case "hook-unregistered":
      return `no test runs ${name} through its registration: call runHook({ registration, pluginRoot }, …) or runHarnessTest instead of the script path`;
    case "hook-matcher-misses":
      return `no test checks that the registration of ${name} selects ${item.kind === "hook" ? hookTarget(item) : "its target"}: run it through the registration with that event`;
    case "hook-past-timeout":
      return `no test runs ${name} under its registered timeout: run it through the registration (runHook uses the registered timeout) and assert its decision`;
    case "program-deny-to-allow":
      return `no test runs the compiled registration of ${name} to a deny: runHook the compiled command (or runHarnessTest) on an input it must refuse`;
    case "program-inject-to-nothing":
      return `no test checks that the compiled ${name} delivers its injection: assert the additionalContext of a runHook on its registration`;
    case "program-notice-to-silence":
      return `no test checks the notice of the compiled ${name}: assert its stderr through the registration`;
    case "skill-removed":
      return `no test notices the skill in ${name} is gone: ${item.kind === "skill" ? `${listingCheck(item)}, or ` : ""}a runHarnessTest that expects a Skill call to it`;
    case "skill-description-blank":
      return `no test depends on the description of ${name}: ${item.kind === "skill" ? `${listingCheck(item)}; ` : ""}a trigger-rate eval over its prompts would notice too`;
    case "skill-descriptions-swapped":
      return `no test checks that ${name} keeps its own description beside ${mutant.other?.file ?? "its neighbour"}: ${item.kind === "skill" ? `${listingCheck(item)}; ` : ""}a selection (collision) eval would notice too`;
    case "agent-removed":
      return `no test notices the agent in ${name} is gone: ${agentListingCheck}, or a runHarnessTest that expects an Agent call with its subagent_type`;
    case "agent-description-blank":
      return `no test depends on the description of ${name}: ${agentListingCheck}; a test where the model must pick this agent would notice too`;
    case "code-hook-block-removed":
      return `no test expects ${name} to block a call: run its hook on a call it must stop (in process, or in a harness test) and assert it blocked`;
    case "code-hook-change-removed":
      return `no test checks the arguments ${name} rewrites: run its hook on a call it changes and assert the arguments the tool runs with`;
    default: {
      const never: never = mutant.kind;
      return never;
    }
  }
}

/**
 * How a test could reach an item it does not reach the way `mutant` acts, in one line: for a
 * registration mutant whose item the tests only run by its script path (`byScript`), the
 * registration; otherwise any way in at all.
 */
export function reachFor(mutant: Mutant, byScript: readonly string[]): string {
  const item = mutant.item;
  switch (item.kind) {
    case "hook": {
      const script = item.sources[0];
      const event = `{ hook_event_name: "${item.event}"${item.matcher && item.matcher !== "*" ? `, tool_name: "${item.matcher.split("|")[0]}"` : ""} }`;
      // Each harness's reading is reached only by a test run by that harness's rules.
      const options = `, { harness: "${mutant.harness}" }`;
      const registration = `runHook({ registration: <${item.file} parsed> }, ${event}${options}) or a ${mutant.harnessName} runHarnessTest goes through ${item.file}`;
      if (byScript.length > 0)
        return `${byScript.join(", ")} run${byScript.length === 1 ? "s" : ""} ${script ?? "the command"} by its path, which never reads ${item.file}: ${registration}`;
      return script !== undefined
        ? `runHook("${script}", ${event}${options}) reaches its behaviour on ${mutant.harnessName}; ${registration}`
        : `${registration} (its command names no script file to run by path)`;
    }
    case "program":
      return `runHook the compiled registration of ${item.file} (or runHookProgram / runHarnessTest) on an input it must answer`;
    case "skill":
      return `a runHarnessTest with it installed (its listing reaches the model, free) checked with received(${listingPattern(item)}), one that expects a Skill call to ${item.name}, or a trigger-rate eval over its prompts`;
    case "agent":
      return `a runHarnessTest with it installed (its listing reaches the model in a tool definition, free), or one that expects an Agent call with subagent_type ${item.name}`;
    case "code-hook":
      return `run ${item.file}'s hook on a call in process (the plugin runner of ${mutant.harnessName}), or a ${mutant.harnessName} runHarnessTest in which it loads`;
    default: {
      const never: never = item;
      return never;
    }
  }
}
