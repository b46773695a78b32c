/**
 * Commands that run another command: `sudo git push` runs git. Each entry lists the options that
 * take a value, so the wrapped command is found after them. Options a table does not list are taken
 * as flags without a value.
 */

export interface WrapperSpec {
  /** Short or long options that consume the next word (`-u root`, `--user root`). */
  readonly valued: ReadonlySet<string>;
  /** `NAME=value` words before the command are environment assignments (env, sudo). */
  readonly assignments?: boolean;
  /** Positional words to skip after the options (`timeout 10 cmd`). */
  readonly skipPositionals?: number;
  /** A numeric option such as `nice -10`. */
  readonly numericFlags?: boolean;
}

const set = (...values: string[]): ReadonlySet<string> => new Set(values);

export const WRAPPERS: Readonly<Record<string, WrapperSpec>> = {
  sudo: {
    valued: set(
      "-u",
      "-g",
      "-h",
      "-p",
      "-C",
      "-D",
      "-r",
      "-t",
      "-U",
      "-T",
      "--user",
      "--group",
      "--host",
      "--prompt",
      "--chdir",
      "--role",
      "--type",
      "--other-user",
      "--close-from",
      "--command-timeout",
    ),
    assignments: true,
  },
  doas: { valued: set("-u", "-C") },
  env: { valued: set("-u", "-C", "--unset", "--chdir"), assignments: true },
  command: { valued: set() },
  builtin: { valued: set() },
  exec: { valued: set("-a") },
  nohup: { valued: set() },
  setsid: { valued: set() },
  time: { valued: set("-f", "-o", "--format", "--output") },
  nice: { valued: set("-n", "--adjustment"), numericFlags: true },
  ionice: { valued: set("-c", "-n", "-p", "--class", "--classdata", "--pid") },
  timeout: { valued: set("-s", "-k", "--signal", "--kill-after"), skipPositionals: 1 },
  stdbuf: { valued: set("-i", "-o", "-e", "--input", "--output", "--error") },
  unbuffer: { valued: set() },
  chronic: { valued: set() },
  caffeinate: { valued: set("-t", "-w") },
  "doas-keepenv": { valued: set() },
};

/** Shells: `-c SCRIPT` runs the script; no script argument means the script comes from stdin. */
export const SHELLS: ReadonlySet<string> = set(
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
  "busybox",
);

/** Shell options that take a value (`bash -o pipefail -c …`). */
export const SHELL_VALUED: ReadonlySet<string> = set("-o", "+o", "-O", "+O", "--rcfile", "--init-file");

/** xargs options that take a value; the words after them form the command xargs runs. */
export const XARGS_VALUED: ReadonlySet<string> = set(
  "-I",
  "-n",
  "-P",
  "-L",
  "-d",
  "-E",
  "-s",
  "-a",
  "--max-args",
  "--max-procs",
  "--delimiter",
  "--arg-file",
  "--max-lines",
  "--replace",
);

/** Programs whose first argument is a subcommand, so `runs("git push")` anchors `push` there. */
export const SUBCOMMAND_PROGRAMS: ReadonlySet<string> = set(
  "git",
  "npm",
  "pnpm",
  "yarn",
  "bun",
  "docker",
  "podman",
  "kubectl",
  "helm",
  "cargo",
  "go",
  "gh",
  "pip",
  "pip3",
  "apt",
  "apt-get",
  "brew",
  "terraform",
  "systemctl",
  "npx",
  "aws",
  "gcloud",
  "az",
);

/** Global options of a subcommand program that take a value (`git -C dir push`). */
export const GLOBAL_VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  git: set("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--super-prefix"),
  docker: set("-H", "--host", "--context", "-c", "--config", "-l", "--log-level"),
  kubectl: set("-n", "--namespace", "--context", "--kubeconfig", "-s", "--server", "--cluster", "--user"),
  npm: set("-C", "--prefix", "-w", "--workspace"),
  cargo: set("-C", "--manifest-path", "-Z", "--config"),
};

/** Programs that download. */
export const DOWNLOADERS: ReadonlySet<string> = set(
  "curl",
  "wget",
  "fetch",
  "http",
  "https",
  "aria2c",
  "iwr",
  "Invoke-WebRequest",
);

/** The name a command runs under: the basename of what was typed (`/usr/bin/git` → `git`). */
export function commandName(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash >= 0 && slash < word.length - 1 ? word.slice(slash + 1) : word;
}
