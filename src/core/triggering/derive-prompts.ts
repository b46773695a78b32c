/**
 * Prompts derived from a skill's description, for a zero-setup selection matrix. A description says
 * what the skill does ("Formats commit messages …") and when to use it ("Use when the user asks
 * to …", quoted trigger phrases); each of those becomes a request a user could type. The prompts are
 * deterministic (same description, same prompts) so a matrix is reproducible, and near-duplicates
 * among them are dropped.
 */
import { DEFAULT_NEAR_DUPLICATE_DISTANCE, dropNearDuplicates } from "./diversity.js";

/** Options of {@link derivePromptsFromDescription}. */
export interface DerivePromptsOptions {
  /** At most this many prompts (default 5). */
  readonly max?: number;
  /** Text of the skill's `when_to_use` field, read like the description. */
  readonly whenToUse?: string;
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
        .trim();
      if (clause.split(" ").length >= 2) out.push(clause);
    }
  }
  return out;
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Up to `max` user prompts that the description says this skill should take. Returns at least one
 * prompt for any non-empty description.
 */
export function derivePromptsFromDescription(
  description: string,
  options: DerivePromptsOptions = {},
): string[] {
  const max = options.max ?? 5;
  const text = [description, options.whenToUse ?? ""].join("\n");
  const candidates: string[] = [];
  for (const phrase of quotedPhrases(text)) candidates.push(capitalise(phrase));
  const clauses = whenClauses(text);
  const templates = [
    (c: string) => `I need help: ${c}.`,
    (c: string) => `Can you take care of this? ${capitalise(c)}.`,
    (c: string) => `${capitalise(c)}, please.`,
  ];
  clauses.forEach((c, k) => candidates.push((templates[k % templates.length] as (c: string) => string)(c)));
  const lead = sentences(description).filter((s) => !WHEN.test(s));
  const leadTemplates = [
    (c: string) => `Please ${c}.`,
    (c: string) => `Could you ${c}?`,
    (c: string) => `${capitalise(c)} for me.`,
  ];
  let k = 0;
  for (const s of lead) {
    // "Extracts text, fills forms, and merges documents": one request per verb phrase.
    const parts = s.split(/,\s*(?:and\s+)?/).filter((p) => /^\w+s\b/.test(p.trim()));
    for (const part of parts.length > 1 ? parts : [s]) {
      candidates.push(
        (leadTemplates[k++ % leadTemplates.length] as (c: string) => string)(imperative(part.trim())),
      );
    }
  }
  if (candidates.length === 0 && description.trim() !== "") candidates.push(description.trim());
  const unique = [...new Set(candidates.map((c) => c.trim()).filter((c) => c.length > 0))];
  return dropNearDuplicates(unique, DEFAULT_NEAR_DUPLICATE_DISTANCE).slice(0, max);
}
