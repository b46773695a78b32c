/**
 * Prompts derived from a skill's description, for a zero-setup selection matrix. A description says
 * what the skill does ("Formats commit messages …") and when to use it ("Use when the user asks
 * to …", quoted trigger phrases); each of those becomes a request a user could type, in several
 * templates, some behind a generic framing. The prompts are deterministic for a seed (same
 * description, same seed, same prompts) so a matrix is reproducible. Near-duplicate requests are
 * dropped, judged without their framing: how many distinct prompts a description gives is how many
 * distinct requests it holds, and a count asked for beyond that is an error, never a set padded
 * with one request in ten wrappers.
 */
import { VigilesError } from "../errors.js";
import { DEFAULT_NEAR_DUPLICATE_DISTANCE, dropNearDuplicates } from "./diversity.js";

/** Options of {@link derivePromptsFromDescription}. */
export interface DerivePromptsOptions {
  /** At most this many prompts (default 5). */
  readonly max?: number;
  /** Text of the skill's `when_to_use` field, read like the description. */
  readonly whenToUse?: string;
  /** Picks templates and framings (default 0): the same seed, the same prompts. */
  readonly seed?: number;
}

const WHEN =
  /\b(?:use (?:this skill |it )?(?:when|whenever|if|for|to)|trigger(?:s|ed)? (?:when|on)|invoke (?:when|for))\b\s*/i;
const USER_ASKS =
  /^(?:the )?user (?:asks?|wants?|needs?|requests?|says?|mentions?)(?: you)?(?: (?:to|for|about))?\s*/i;

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim().replace(/[.;:!?]+$/, ""))
    .filter((s) => s.length > 0);
}

/** "Generates changelogs" -> "generate changelogs": the third-person verb a description opens with. */
function imperative(clause: string): string {
  const [first = "", ...rest] = clause.split(" ");
  const lower = first.toLowerCase();
  let verb = lower;
  if (/(?:ches|shes|sses|xes|zes)$/.test(lower)) verb = lower.slice(0, -2);
  else if (/[^aeiou]ies$/.test(lower)) verb = `${lower.slice(0, -3)}y`;
  else if (/[^su]s$/.test(lower)) verb = lower.slice(0, -1);
  return [verb, ...rest].join(" ");
}

function quotedPhrases(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/["“']([^"”']{4,120})["”']/g)) {
    const phrase = (m[1] ?? "").trim();
    if (/\s/.test(phrase)) out.push(phrase);
  }
  return out;
}

function whenClauses(text: string): string[] {
  const out: string[] = [];
  for (const s of sentences(text)) {
    const m = WHEN.exec(s);
    if (!m) continue;
    const tail = s.slice(m.index + m[0].length);
    for (const part of tail.split(/,?\s+or\s+|,\s*/)) {
      const clause = part
        .replace(/^(?:when|whenever|if)\s+/i, "")
        .replace(USER_ASKS, "")
        .replace(/^["“']|["”']$/g, "")
        .trim();
      if (clause.split(" ").length >= 2) out.push(clause);
    }
  }
  return out;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The request templates of a when-to-use clause (a situation or an ask). */
const CLAUSE_TEMPLATES: readonly ((c: string) => string)[] = [
  (c) => `I need help: ${c}.`,
  (c) => `Can you take care of this? ${capitalise(c)}.`,
  (c) => `${capitalise(c)}, please.`,
  (c) => `Here's my situation: ${c}. What should I do?`,
  (c) => `Could you handle the following for me: ${c}?`,
];

/** The request templates of what the skill does (an imperative verb phrase). */
const LEAD_TEMPLATES: readonly ((c: string) => string)[] = [
  (c) => `Please ${c}.`,
  (c) => `Could you ${c}?`,
  (c) => `${capitalise(c)} for me.`,
  (c) => `I was hoping you could ${c} - is that something you can do here?`,
  (c) => `Go ahead and ${c}, then tell me what you did.`,
];

/**
 * What a user says before the request. Generic on purpose: they vary a prompt's length and framing
 * (the diversity gate's "different wording, length and intent") without inventing what the skill is for.
 */
const CONTEXTS: readonly string[] = [
  "Quick one before my next meeting:",
  "No rush at all, but when you get a chance:",
  "Following up on what we talked about earlier.",
  "A colleague asked me to sort this out today.",
  "I have been going back and forth on this for a while.",
  "Picking this back up after the weekend.",
  "Hopefully a simple request this time.",
  "Something came up just now.",
  "Before I forget:",
  "This one matters for a demo tomorrow.",
  "First time asking you for this.",
  "Same kind of thing as last time, nothing fancy.",
];

/** A seeded permutation (mulberry32 + Fisher-Yates): the same seed, the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** What the description says the skill takes: quoted phrases, when-to-use clauses, and what it does. */
interface Units {
  readonly quoted: readonly string[];
  readonly clauses: readonly string[];
  readonly actions: readonly string[];
}

function unitsOf(description: string, whenToUse: string | undefined): Units {
  const text = [description, whenToUse ?? ""].join("\n");
  const actions: string[] = [];
  for (const s of sentences(description).filter((x) => !WHEN.test(x))) {
    // "Extracts text, fills forms, and merges documents": one request per verb phrase.
    const parts = s.split(/,\s*(?:and\s+)?/).filter((p) => /^\w+s\b/.test(p.trim()));
    for (const part of parts.length > 1 ? parts : [s]) actions.push(imperative(part.trim()));
  }
  // The shorter ask a user types: "write conventional commit messages from the staged diff" also
  // as "write conventional commit messages".
  for (const action of [...actions]) {
    const head = /^(.+?)\s+(?:from|for|in|into|to|with|using|on|of|by)\s+\S/.exec(action)?.[1];
    if (head !== undefined && head.split(" ").length >= 2) actions.push(head);
  }
  return { quoted: quotedPhrases(text).map(capitalise), clauses: whenClauses(text), actions };
}

/**
 * Every candidate request, most faithful first: the quoted phrases as written, then each clause and
 * action in one template, then in the others. The seed permutes the templates, so another seed
 * gives another (equally deterministic) set; seed 0 keeps their written order.
 */
function requestsOf(units: Units, seed: number): string[] {
  const clauseT = order(CLAUSE_TEMPLATES, seed, 0);
  const leadT = order(LEAD_TEMPLATES, seed, 1);
  const out: string[] = [...units.quoted];
  for (let tier = 0; tier < Math.max(clauseT.length, leadT.length); tier++) {
    units.clauses.forEach((clause, k) =>
      out.push((clauseT[(k + tier) % clauseT.length] as Template)(clause)),
    );
    units.actions.forEach((action, k) => out.push((leadT[(k + tier) % leadT.length] as Template)(action)));
  }
  return out;
}

type Template = (c: string) => string;

function order<T>(items: readonly T[], seed: number, salt: number): T[] {
  return seed === 0 ? [...items] : shuffled(items, seed * 3 + salt);
}

/**
 * The distinct requests (no two near-duplicates: judged on the request alone, so a framing can
 * never make two rewordings of one request count twice), every other one behind a context so the
 * set varies in length and framing as real prompts do.
 */
function derive(description: string, whenToUse: string | undefined, seed: number): string[] {
  const requests = [
    ...new Set(requestsOf(unitsOf(description, whenToUse), seed).map((r) => r.trim())),
  ].filter((r) => r.length > 0);
  const distinct = dropNearDuplicates(requests, DEFAULT_NEAR_DUPLICATE_DISTANCE);
  const contexts = order(CONTEXTS, seed, 2);
  return distinct.map((request, k) =>
    k % 2 === 1 ? `${contexts[((k - 1) / 2) % contexts.length] as string} ${request}` : request,
  );
}

/**
 * Up to `max` user prompts that the description says this skill should take, with no two
 * near-duplicates. Returns at least one prompt for any non-empty description; never throws (see
 * {@link deriveTriggerPrompts} for a count that must be met).
 */
export function derivePromptsFromDescription(
  description: string,
  options: DerivePromptsOptions = {},
): string[] {
  const max = options.max ?? 5;
  const found = derive(description, options.whenToUse, options.seed ?? 0);
  if (found.length === 0 && description.trim() !== "") return [description.trim()].slice(0, max);
  return found.slice(0, max);
}

/** Fewer distinct prompts could be derived from a skill's description than were asked for. */
export class DerivedPromptsShortError extends VigilesError {
  /** How many distinct prompts the description gave. */
  readonly derived: number;
  /** How many were asked for. */
  readonly wanted: number;
  constructor(message: string, derived: number, wanted: number) {
    super("VIGILES_DERIVED_PROMPTS_SHORT", message);
    this.derived = derived;
    this.wanted = wanted;
  }
}

/** Options of {@link deriveTriggerPrompts}. */
export interface DeriveTriggerPromptsOptions {
  /** Exactly this many prompts are returned; fewer distinct ones is an error. */
  readonly count: number;
  /** Picks templates and framings (default 0): the same seed, the same prompts. */
  readonly seed?: number;
  /** Text of the skill's `when_to_use` field, read like the description. */
  readonly whenToUse?: string;
  /** Names the skill in the error message. */
  readonly skill?: string;
}

/**
 * `count` distinct prompts (no two near-duplicates) derived from a skill's description,
 * deterministic for a seed, or a {@link DerivedPromptsShortError} that says how many could be
 * derived and how to get more.
 */
export function deriveTriggerPrompts(description: string, options: DeriveTriggerPromptsOptions): string[] {
  const found = derivePromptsFromDescription(description, {
    max: Number.MAX_SAFE_INTEGER,
    seed: options.seed ?? 0,
    ...(options.whenToUse !== undefined ? { whenToUse: options.whenToUse } : {}),
  });
  if (found.length >= options.count) return found.slice(0, options.count);
  const who = options.skill ? `Skill ${options.skill}` : "The skill";
  throw new DerivedPromptsShortError(
    `${who}: ${options.count} distinct prompts were asked for, but its description gives ${found.length} ` +
      "(no two near-duplicates). Add what a user would say to the description (quoted trigger phrases, " +
      'a "Use when …" clause listing more situations), pass curated prompts for this skill, or ask for fewer.',
    found.length,
    options.count,
  );
}
