/**
 * `vigiles/spec`: builders for typed specs: instruction files (CLAUDE.md / AGENTS.md) and subagent contracts.
 */
export { VigilesError } from "../core/errors.js";

// --- subagent result contracts: experimental_agent ---
export { experimental_agent } from "../core/agent-result/contract.js";
export type { AgentResultContract } from "../core/agent-result/contract.js";
export type { ResultShape, FieldSpec, InferShape } from "../core/agent-result/shape.js";

// --- instruction-file specs ---
export {
  instructionFile,
  instructions,
  enforce,
  guidance,
  file,
  dir,
  glob,
  cmd,
  symbol,
} from "../core/instruction-spec/builders.js";
export type {
  InstructionFileSpec,
  InstructionFileOptions,
  InstructionRule,
  EnforceRule,
  GuidanceRule,
  Prose,
  ProseInput,
  SpecRef,
  FileRef,
  DirRef,
  GlobRef,
  CmdRef,
  SymbolRef,
} from "../core/instruction-spec/builders.js";
