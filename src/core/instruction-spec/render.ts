/**
 * Renders an instruction spec to markdown, stamps it with a content hash, and reads the stamp back.
 */
import { createHash } from "node:crypto";
import type { InstructionFileSpec, InstructionRule, ProseInput, SpecRef } from "./builders.js";

/** Every reference a spec makes, with where it appears (for messages). */
export interface SpecRefUse {
  readonly ref: SpecRef;
  readonly where: string;
}

function refText(ref: SpecRef): string {
  switch (ref._ref) {
    case "file":
    case "dir":
      return ref.path;
    case "glob":
      return ref.pattern;
    case "cmd":
      return ref.command;
    case "symbol":
      return `${ref.file}#${ref.name}`;
  }
}

function prose(input: ProseInput): string {
  if (typeof input === "string") return input.trim();
  return input.parts
    .map((p) => (typeof p === "string" ? p : `\`${refText(p)}\``))
    .join("")
    .trim();
}

/** `"code-style"` / `"codeStyle"` → `"Code Style"`. */
export function headingOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[-_\s]+/)
    .filter((w) => w !== "")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function rule(r: InstructionRule): string {
  switch (r._kind) {
    case "enforce":
      return `**Enforced by** \`${r.by}\`. ${prose(r.why)}`;
    case "guidance":
      return `**Guidance.** ${prose(r.text)}`;
  }
}

/** The markdown body of a spec (everything below the stamp line). */
export function renderInstructionBody(spec: InstructionFileSpec, defaultTitle: string): string {
  const out: string[] = [`# ${spec.title ?? defaultTitle}`, ""];
  for (const [key, text] of Object.entries(spec.sections ?? {}))
    out.push(`## ${headingOf(key)}`, "", prose(text), "");
  const list = (heading: string, entries: Readonly<Record<string, ProseInput>> | undefined) => {
    if (!entries || Object.keys(entries).length === 0) return;
    out.push(`## ${heading}`, "");
    for (const [k, v] of Object.entries(entries)) out.push(`- \`${k}\`: ${prose(v)}`);
    out.push("");
  };
  list("Key Files", spec.keyFiles);
  list("Commands", spec.commands);
  if (spec.rules && Object.keys(spec.rules).length > 0) {
    out.push("## Rules", "");
    for (const [k, r] of Object.entries(spec.rules)) out.push(`### ${headingOf(k)}`, "", rule(r), "");
  }
  return out.join("\n").replace(/\n+$/, "\n");
}

/** The first 16 hex digits of the SHA-256 of a body. */
export function contentHash(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex").slice(0, 16);
}

const STAMP = /^<!-- vigiles:sha256:([0-9a-f]{16}) compiled from (.+?) -->\n\n/;

/** The whole compiled file: the stamp line, a blank line, the body. */
export function stampInstructionFile(body: string, specName: string): string {
  return `<!-- vigiles:sha256:${contentHash(body)} compiled from ${specName} -->\n\n${body}`;
}

/** The stamp of a compiled file, and whether the body still matches its hash. */
export interface StampCheck {
  readonly stamped: boolean;
  readonly hash?: string;
  readonly specName?: string;
  /** The body was changed after it was compiled. */
  readonly editedByHand: boolean;
}

export function checkStamp(text: string): StampCheck {
  const m = STAMP.exec(text);
  if (!m) return { stamped: false, editedByHand: false };
  const body = text.slice(m[0].length);
  return {
    stamped: true,
    hash: m[1] as string,
    specName: m[2] as string,
    editedByHand: contentHash(body) !== m[1],
  };
}

/** Every reference of a spec, in document order. */
export function collectRefs(spec: InstructionFileSpec): SpecRefUse[] {
  const uses: SpecRefUse[] = [];
  const fromProse = (input: ProseInput, where: string) => {
    if (typeof input === "string") return;
    for (const p of input.parts) if (typeof p !== "string") uses.push({ ref: p, where });
  };
  for (const [k, v] of Object.entries(spec.sections ?? {})) fromProse(v, `section "${k}"`);
  for (const [k, v] of Object.entries(spec.keyFiles ?? {})) {
    uses.push({ ref: { _ref: "file", path: k }, where: "keyFiles" });
    fromProse(v, `keyFiles "${k}"`);
  }
  for (const [k, v] of Object.entries(spec.commands ?? {})) {
    uses.push({ ref: { _ref: "cmd", command: k }, where: "commands" });
    fromProse(v, `commands "${k}"`);
  }
  for (const [k, r] of Object.entries(spec.rules ?? {}))
    fromProse(r._kind === "enforce" ? r.why : r.text, `rule "${k}"`);
  return uses;
}

export { refText };
