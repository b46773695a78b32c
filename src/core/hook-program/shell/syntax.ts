/**
 * The shell parser behind the command view: mvdan/sh (the `mvdan-sh` package, the Go parser
 * compiled to JavaScript), bash dialect. It parses synchronously, so `decide` stays synchronous.
 * It is loaded on first use: a hook that never looks at a command does not pay its ~250 ms start.
 */
import { createRequire } from "node:module";

/** The parts of mvdan/sh's syntax tree the command view reads. Field names are the Go ones. */
export interface ShNode {
  readonly [field: string]: unknown;
}
export interface ShWord extends ShNode {
  readonly Parts: readonly ShNode[];
}
export interface ShStmt extends ShNode {
  readonly Cmd: ShNode | null;
  readonly Redirs: readonly ShRedirect[];
}
export interface ShRedirect extends ShNode {
  readonly Op: number;
  readonly Word: ShWord | null;
}
export interface ShCallExpr extends ShNode {
  readonly Args: readonly ShWord[];
}
export interface ShBinaryCmd extends ShNode {
  readonly Op: number;
  readonly X: ShStmt;
  readonly Y: ShStmt;
}

interface MvdanSyntax {
  NodeType(node: unknown): string;
  NewParser(...options: unknown[]): { Parse(src: string, name: string): ShNode };
  Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  Variant(lang: unknown): unknown;
  LangBash: unknown;
}

/** Operator codes, read from the parser itself at load so a new mvdan-sh build cannot shift them silently. */
export interface ShOperators {
  readonly and: number;
  readonly or: number;
  readonly pipe: number;
  readonly pipeAll: number;
  /** Redirect operators that write to their target: >, >>, >|, &>, &>>, <>. */
  readonly writeRedirects: ReadonlySet<number>;
  /** `<` (a file read). */
  readonly readRedirect: number;
  /** `<(…)` process substitution. */
  readonly procIn: number;
}

export interface ShellSyntax {
  readonly nodeType: (node: unknown) => string;
  readonly walk: MvdanSyntax["Walk"];
  readonly ops: ShOperators;
  /** Parses a whole command line; throws {@link ShellParseError} on a syntax error. */
  parse(src: string): ShNode;
}

/** The command text is not valid shell (bash dialect). */
export class ShellParseError extends Error {
  constructor(
    message: string,
    readonly incomplete: boolean,
  ) {
    super(message);
    this.name = "ShellParseError";
  }
}

let loaded: ShellSyntax | undefined;

/** The parser, loaded and calibrated once per process. */
export function shellSyntax(): ShellSyntax {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const syntax = (require("mvdan-sh") as { syntax: MvdanSyntax }).syntax;
  const parser = syntax.NewParser(syntax.Variant(syntax.LangBash));
  const rawParse = (src: string): ShNode => {
    try {
      return parser.Parse(src, "");
    } catch (error) {
      const e = error as { Error?: () => string; Text?: string; Incomplete?: boolean };
      const message = typeof e.Error === "function" ? e.Error() : String(e.Text ?? error);
      throw new ShellParseError(message, e.Incomplete === true);
    }
  };
  const ops = calibrate(syntax, rawParse);
  // Trees are only read, never changed, so one parse serves every view, nested `sh -c` script and
  // mutator that meets the same text (fuzzing respells the same commands over and over).
  const trees = new Map<string, ShNode | ShellParseError>();
  const parse = (src: string): ShNode => {
    let tree = trees.get(src);
    if (tree === undefined) {
      if (trees.size >= 4096) trees.clear();
      try {
        tree = rawParse(src);
      } catch (error) {
        if (!(error instanceof ShellParseError)) throw error;
        tree = error;
      }
      trees.set(src, tree);
    }
    if (tree instanceof ShellParseError) throw tree;
    return tree;
  };
  loaded = { nodeType: (n) => syntax.NodeType(n), walk: (n, v) => syntax.Walk(n, v), ops, parse };
  return loaded;
}

function calibrate(syntax: MvdanSyntax, parse: (src: string) => ShNode): ShOperators {
  const binaryOp = (src: string): number => {
    let op = -1;
    syntax.Walk(parse(src), (n) => {
      if (n && op < 0 && syntax.NodeType(n) === "BinaryCmd") op = (n as ShBinaryCmd).Op;
      return true;
    });
    return op;
  };
  const redirectOps = (src: string): number[] => {
    const found: number[] = [];
    syntax.Walk(parse(src), (n) => {
      if (n && syntax.NodeType(n) === "Redirect") found.push((n as ShRedirect).Op);
      return true;
    });
    return found;
  };
  let procIn = -1;
  syntax.Walk(parse("a <(b)"), (n) => {
    if (n && syntax.NodeType(n) === "ProcSubst") procIn = n["Op"] as number;
    return true;
  });
  return {
    and: binaryOp("a && b"),
    or: binaryOp("a || b"),
    pipe: binaryOp("a | b"),
    pipeAll: binaryOp("a |& b"),
    writeRedirects: new Set(redirectOps("a > b; a >> b; a >| b; a &> b; a &>> b; a <> b")),
    readRedirect: redirectOps("a < b")[0] ?? -1,
    procIn,
  };
}
