/**
 * One harness as the registry lists it (`HarnessEntry`) and the parts of it that tools read without
 * starting the CLI: its hook files for the audit, its words for the conformance corpus, its paid-tier
 * credentials and its release surface. The runtime half a runner drives is the port (./port.ts).
 */
import type { HookDialect } from "../core/dialect.js";
import type { ReleaseSurface } from "../core/surface.js";
import type {
  RegisteredHook,
  RegistrationReading,
  RegistrationSource,
} from "../core/hook-config/registration.js";
import type { LintFinding } from "../core/audit/types.js";
import type { CodeHooks } from "./code-hook-port.js";
import type { HarnessAdapter, HarnessCapabilities } from "./port.js";

/** One hook file of a harness, as the static audit finds it. */
export interface AuditHookFile {
  /** Absolute path. */
  readonly path: string;
  /** `settings`: hooks are optional among other keys; `hooks-file`: the file exists to register hooks. */
  readonly role: "settings" | "hooks-file";
  /** Where its registrations come from, in the harness's words. */
  readonly source: RegistrationSource;
  /** The plugin or extension it ships in (absolute). */
  readonly pluginRoot?: string;
  /**
   * The project its hooks run in (their cwd and project-dir variable), absolute: the folder holding
   * `.claude/` for a project settings file, so a nested project resolves its scripts against itself.
   * Absent: the audited root.
   */
  readonly projectDir?: string;
}

/** Where the same script is also registered for the default harness (Claude Code). */
export interface ClaudeUse {
  readonly event: string;
  readonly file: string;
}

/** One hook file handed to a harness's own audit rules. */
export interface HookFileCheckInput {
  /** The audited root, absolute. */
  readonly root: string;
  readonly hookFile: AuditHookFile;
  /** The path findings name (relative to the root, `/` separators). */
  readonly file: string;
  readonly text: string;
  /** The default harness's registrations of the script at an absolute path (portability rules). */
  readonly claudeUsesOf: (path: string) => readonly ClaudeUse[];
  /** The harness's dialect of the release being audited (the installed or named one, else the pinned). */
  readonly dialect: HookDialect;
}

/** How `vigiles audit` finds and reads a harness's hook files. */
export interface HookFileAudit {
  /** The files, as help texts name them (`.codex/hooks.json`). */
  readonly files: string;
  /**
   * Its hook files under `root`. `glob` takes patterns relative to `root` (a `**` prefix matches at
   * any depth), applies the audit's ignores and returns absolute paths, sorted.
   */
  find(root: string, glob: (patterns: readonly string[]) => readonly string[]): readonly AuditHookFile[];
  /**
   * Its own rules over one of its files, for a shape the shared hook-config catalogue does not read
   * (Copilot's flat entries, Gemini's settings). Absent: the catalogue reads the file with the dialect.
   */
  check?(input: HookFileCheckInput): readonly LintFinding[];
  /**
   * Files beside its own that look like they register hooks but whose hooks it never reads (Gemini
   * CLI: an extension's root `settings.json`, and the `hooks` of `gemini-extension.json`): the audit
   * reports those that hold a `hooks` object or list. Absent: none beyond the files in its folder.
   */
  strays?(root: string, glob: (patterns: readonly string[]) => readonly string[]): readonly StrayHookFile[];
}

/** A file whose hooks the harness never reads, and where it reads them instead. */
export interface StrayHookFile {
  readonly path: string;
  /** `file`: nothing reads the file; `key`: the harness reads the file, but not its `hooks`. */
  readonly kind: "file" | "key";
  /** Where the harness reads these hooks from instead (`this extension's hooks/hooks.json`). */
  readonly loads: string;
}

/**
 * The conformance corpus (test/conformance) asks each harness the same questions in its own words:
 * these are the words. Pure data and writers, so a new harness's corpus needs nothing outside its
 * folder.
 */
/** The moments a case's hook is registered for, named neutrally. */
export type ConformanceRole = "preTool" | "postTool" | "sessionStart" | "prompt" | "stop";
/** The tools a scripted turn calls, in Claude Code's names (the adapters translate a script). */
export type ConformanceTool = "Bash" | "Write";
/** How a hook entry is written: a nested group (every harness), or Copilot's flat entry. */
export type ConformanceEntryShape = "group" | "flat";

/** One hook registration of a conformance case. */
export interface ConformanceRegistration {
  readonly event: string;
  /** Undefined: the key is left out. */
  readonly matcher: string | undefined;
  readonly command: string;
  readonly shape: ConformanceEntryShape;
}

/** A harness's spelling of the conformance corpus. */
export interface ConformanceForm {
  /** Its event for each role. */
  readonly events: Readonly<Record<ConformanceRole, string>>;
  /** The tool name it sends its hooks for each scripted tool. */
  readonly tools: Readonly<Record<ConformanceTool, string>>;
  /** The payload fields of a scripted call, in its hook input (for the free prediction). */
  toolInput(tool: ConformanceTool): Record<string, unknown>;
  /** The hook config file(s) holding `registrations`, relative to the project root. */
  configFiles(registrations: readonly ConformanceRegistration[]): Record<string, string>;
  /** The registration as the config file holds it (what runHook gets as `{ registration }`). */
  configObject(registrations: readonly ConformanceRegistration[]): Record<string, unknown>;
  /** The entry shapes it reads. */
  readonly shapes: readonly ConformanceEntryShape[];
}

/** Where a paid-tier eval of a harness finds its credentials (`vigiles doctor` looks, never uses them). */
export interface PaidCredentials {
  /** How doctor names the tier (`paid tier (Codex)`). */
  readonly subject: string;
  /** What was found (`OPENAI_API_KEY is set`, a login file), or undefined. */
  find(env: NodeJS.ProcessEnv, home: string): string | undefined;
  /** What doctor says when nothing is found, and what to do. */
  readonly missing: string;
  readonly fix?: string;
}

/** A harness's release surface (core/surface.ts): the pinned one as data, and its extractor. */
export interface HarnessSurface {
  readonly pinned: ReleaseSurface;
  /** Where the pinned surface is kept, from the repository root (scripts/gen-surfaces.ts writes it). */
  readonly dataFile: string;
  /** The checks of a harness test that read each stream event the adapter parses (`hook_response` → `hookFired()`). */
  readonly streamChecks: Readonly<Record<string, readonly string[]>>;
  /** Reads the surface of the release whose CLI is at `entryPath` (its binary, or its JS entry). */
  extract(entryPath: string, version: string): Promise<ReleaseSurface>;
}

/**
 * One harness as the registry lists it: everything a tool needs to know of it without starting it.
 * Each adapter folder exports its own (`<folder>/harness.ts`); src/adapters/registry.ts lists them.
 */
export interface HarnessEntry {
  /** The one id (`claude-code`, `codex`, `copilot-cli`, `gemini`). */
  readonly id: string;
  /** Other spellings accepted wherever an id is (`copilot`, `gemini-cli`). */
  readonly aliases: readonly string[];
  readonly displayName: string;
  /** What it does with hooks. */
  readonly dialect: HookDialect;
  /**
   * The npm package, the release vigiles' facts were measured on (`version`), and the range of
   * releases the adapter drives (`supported`, package.json's peer dependency range).
   */
  readonly package: { readonly name: string; readonly version: string; readonly supported: string };
  /** The environment variable that names an explicit binary (`VIGILES_CLAUDE_BIN`). */
  readonly binEnv: string;
  readonly capabilities: HarnessCapabilities;
  /** Where the CLI reads machine-wide managed settings and policy on Linux. */
  readonly managedSettingsDirs: readonly string[];
  /**
   * Directories under HOME the CLI has made by the time a hook runs (relative to HOME): a hook that
   * logs to `~/.claude/...` finds its parent there. `vigiles audit --run` gives its private HOME them.
   */
  readonly homeDirs?: readonly string[];
  /**
   * Paths (relative to a repository root) whose presence says the repository is set up for this
   * harness; `weakMarkers` decide only when no harness has a marker of its own (AGENTS.md).
   */
  readonly markers: readonly string[];
  readonly weakMarkers: readonly string[];
  /** The hook registrations of a repository, as this harness reads them. */
  readRegistrations(root: string): RegistrationReading;
  /** Its hook files as `vigiles audit` finds and checks them (static rules, and `--run`'s probes). */
  readonly hookFileAudit: HookFileAudit;
  /** The hook registrations of a plugin loaded for a run (`--plugin-dir`); absent: it loads none. */
  readPluginRegistrations?(pluginRoot: string, root: string): RegistrationReading;
  /**
   * Manifests (relative to a plugin's root) of plugins this harness loads and runs the hooks of
   * when installed or given with `--plugin-dir`, that `readRegistrations` does not read from the
   * repository itself (Copilot CLI loads a Claude Code plugin); `vigiles init` writes starters for
   * their hooks for this harness too. Absent: none.
   */
  readonly loadsPluginsBy?: readonly string[];
  /**
   * Why the harness will not run a registration of `root` at all (a settings switch, an untrusted
   * folder), or undefined; and a warning for the whole repository, if any.
   */
  registrationGate?(
    root: string,
    env: NodeJS.ProcessEnv,
  ): {
    readonly skip: (r: RegisteredHook) => string | undefined;
    readonly warning?: { readonly message: string; readonly fix?: string };
  };
  /**
   * How `explain` reads its hooks: `layered-settings` (managed, user, project and local settings and
   * plugins, with `if:` and the switches that turn hooks off: Claude Code), or `registrations` (its
   * registration reader).
   */
  readonly explainSource: "layered-settings" | "registrations";
  /**
   * Its words for the conformance corpus (free prediction against the real CLI). Absent only with
   * `noConformance`, the reason the corpus's command registrations do not fit it (OpenCode's hooks
   * are plugin code).
   */
  readonly conformance?: ConformanceForm;
  readonly noConformance?: string;
  /** Its hooks written as code (plugins), for explain, init and mutate; absent: it has none. */
  readonly codeHooks?: CodeHooks;
  /** Its paid tier's credentials; absent: vigiles has no paid driver for it. */
  readonly paidCredentials?: PaidCredentials;
  /** What to re-check when the installed CLI is newer than the validated release (doctor says it). */
  readonly driftRecheck: string;
  /** Its release surface: the pinned release's, and how to read another release's from its files. */
  readonly surface?: HarnessSurface;
  /** The adapter, imported only when asked for. */
  loadAdapter(): Promise<HarnessAdapter>;
}
