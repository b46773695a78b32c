/**
 * Plugin workflow scripts (`workflows/*.js`). They are not ES modules: they open with
 * `export const meta = {...}` and may `await` and `return` at top level, because the runtime
 * extracts `meta` and runs the rest inside an async function. The parser is told the same
 * (top-level return and await allowed), so a valid script parses as the runtime sees it.
 */
import type { Node } from "acorn";
import { finding } from "../finding.js";
import { parseJavaScript } from "../source-scan.js";
import type { LintFinding, LintRuleMeta, SourceRange } from "../types.js";

export interface WorkflowInput {
  readonly file: string;
  /** The file name without `.js`: the name `meta.name` must repeat. */
  readonly baseName: string;
  readonly text: string;
}

export const workflowSyntaxRule: LintRuleMeta = {
  id: "workflow-syntax",
  severity: "error",
  behaviour: "A workflow script that does not parse fails before its run starts.",
  fix: "Fix the syntax at the position given.",
  autofix: false,
};
export const workflowMetaFirstRule: LintRuleMeta = {
  id: "workflow-meta-first",
  severity: "error",
  behaviour:
    "The runtime reads a workflow's `meta` from its first statement, `export const meta = { name, description }`; " +
    "a script without it is not offered as a command.",
  fix: 'Make `export const meta = { name: "<file name>", description: "..." }` the first statement.',
  autofix: false,
};
export const workflowMetaNameRule: LintRuleMeta = {
  id: "workflow-meta-name",
  severity: "error",
  behaviour:
    "Claude Code 2.1.328 names a plugin workflow `<plugin>:<meta.name>` (the file name plays no part, so a " +
    "meta.name that differs from it is fine) and skips, with only a debug-log line, a workflow whose meta.name or " +
    'meta.description is not a non-empty string ("meta.name must be a non-empty string").',
  fix: 'Give `meta` a non-empty string `name` and `description`: `export const meta = { name: "...", description: "..." }`.',
  autofix: false,
};
export const workflowNondeterminismRule: LintRuleMeta = {
  id: "workflow-nondeterminism",
  severity: "error",
  behaviour:
    "A workflow must replay identically from its journal on resume: Date.now(), Math.random() and an argless " +
    "new Date() throw at run time, and import() fails the script before it starts.",
  fix: "Take times and random values from the runtime's inputs, and keep helpers inline (no import()).",
  autofix: false,
};

export const workflowRules: readonly LintRuleMeta[] = [
  workflowSyntaxRule,
  workflowMetaFirstRule,
  workflowMetaNameRule,
  workflowNondeterminismRule,
];

interface AnyNode extends Node {
  [key: string]: unknown;
}

function rangeOfNode(node: Node): SourceRange | undefined {
  if (!node.loc) return undefined;
  return {
    line: node.loc.start.line,
    column: node.loc.start.column + 1,
    endLine: node.loc.end.line,
    endColumn: node.loc.end.column + 1,
  };
}

function* walk(node: unknown): Generator<AnyNode> {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const n of node) yield* walk(n);
    return;
  }
  const n = node as AnyNode;
  if (typeof n.type === "string") yield n;
  for (const key of Object.keys(n)) {
    if (key === "loc") continue;
    const v = n[key];
    if (v !== null && typeof v === "object") yield* walk(v);
  }
}

function isMember(node: AnyNode, object: string, property: string): boolean {
  if (node.type !== "MemberExpression") return false;
  const o = node["object"] as AnyNode;
  const p = node["property"] as AnyNode;
  return o.type === "Identifier" && o["name"] === object && p.type === "Identifier" && p["name"] === property;
}

/** The `meta` object of `export const meta = {...}`, if `statement` is that. */
function metaObject(statement: AnyNode | undefined): AnyNode | undefined {
  if (statement?.type !== "ExportNamedDeclaration") return undefined;
  const decl = statement["declaration"] as AnyNode | null;
  if (decl?.type !== "VariableDeclaration" || decl["kind"] !== "const") return undefined;
  const first = (decl["declarations"] as AnyNode[])[0];
  const id = first?.["id"] as AnyNode | undefined;
  const init = first?.["init"] as AnyNode | undefined;
  if (id?.type !== "Identifier" || id["name"] !== "meta" || init?.type !== "ObjectExpression")
    return undefined;
  return init;
}

export function checkWorkflow(input: WorkflowInput): LintFinding[] {
  let program: AnyNode;
  try {
    program = parseJavaScript(input.text) as AnyNode;
  } catch (error) {
    const e = error as Error & { loc?: { line: number; column: number } };
    return [
      finding(
        workflowSyntaxRule,
        input.file,
        e.loc ? { line: e.loc.line, column: e.loc.column + 1 } : undefined,
        `Workflow script does not parse: ${e.message}`,
      ),
    ];
  }
  const out: LintFinding[] = [];
  const body = program["body"] as AnyNode[];
  const meta = metaObject(body[0]);
  if (meta === undefined) {
    const metaElsewhere = body.findIndex((s) => metaObject(s) !== undefined);
    out.push(
      finding(
        workflowMetaFirstRule,
        input.file,
        body[0] ? rangeOfNode(body[0]) : undefined,
        metaElsewhere > 0
          ? `\`export const meta\` is statement ${metaElsewhere + 1}; it must be the first.`
          : "The script does not open with `export const meta = { ... }`.",
      ),
    );
  } else {
    // Only literal values are judged: a computed name may well be a string at run time.
    for (const key of ["name", "description"] as const) {
      const prop = (meta["properties"] as AnyNode[]).find(
        (p) => p.type === "Property" && (p["key"] as AnyNode)["name"] === key,
      );
      const value = prop?.["value"] as AnyNode | undefined;
      const literal = value?.type === "Literal" ? value["value"] : undefined;
      const bad =
        prop === undefined || (value?.type === "Literal" && (typeof literal !== "string" || literal === ""));
      if (!bad) continue;
      out.push(
        finding(
          workflowMetaNameRule,
          input.file,
          rangeOfNode(value ?? meta),
          prop === undefined
            ? `meta has no \`${key}\`: the runtime skips this workflow.`
            : `meta.${key} is not a non-empty string: the runtime skips this workflow.`,
        ),
      );
    }
  }
  for (const node of walk(program)) {
    let what: string | undefined;
    if (node.type === "CallExpression") {
      const callee = node["callee"] as AnyNode;
      if (isMember(callee, "Date", "now")) what = "Date.now()";
      else if (isMember(callee, "Math", "random")) what = "Math.random()";
    } else if (node.type === "NewExpression") {
      const callee = node["callee"] as AnyNode;
      if (
        callee.type === "Identifier" &&
        callee["name"] === "Date" &&
        (node["arguments"] as unknown[]).length === 0
      ) {
        what = "new Date()";
      }
    } else if (node.type === "ImportExpression") {
      what = "import()";
    }
    if (what !== undefined) {
      out.push(
        finding(
          workflowNondeterminismRule,
          input.file,
          rangeOfNode(node),
          `${what} in a workflow script: ${what === "import()" ? "it fails the script before the run starts" : "it throws, because a run must replay identically on resume"}.`,
        ),
      );
    }
  }
  return out;
}
