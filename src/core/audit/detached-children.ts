/**
 * The parts of a hook source that run only in a detached background child the hook starts and
 * leaves: the hook exits at once, so the harness's timeout never applies to them. A subprocess
 * timeout there cannot outlast the hook (issue 18: `subprocess-timeout` was reported on a plugin
 * whose hook re-launches itself with `--background` under `start_new_session=True` and exits).
 *
 * - Python: a script that starts itself again detached (`Popen([sys.executable, <this script>,
 *   …], start_new_session=True)`, or `os.fork()`/`os.setsid()`) does its slow work in the child;
 *   the whole file is treated as child code, as no call graph tells the paths apart.
 * - Shell: a command run with `&` (not `&&`), under `nohup`/`setsid`, or inside a `( … ) &` /
 *   `{ … } &` group that spans lines.
 */
import type { SourceLanguage } from "./source-scan.js";

/** Where the detached code is: the whole source, or these 1-based lines. */
export interface DetachedCode {
  readonly wholeSource: boolean;
  readonly lines: ReadonlySet<number>;
}

const PY_DETACH = /start_new_session\s*=\s*True|preexec_fn\s*=\s*os\.setsid|\bos\.fork\(\)|DETACHED_PROCESS/;
/** The Popen argv names this script: `__file__`, `sys.argv[0]`, or a path joined from them. */
const PY_SELF = /__file__|sys\.argv\[0\]/;
const PY_BACKGROUND_FLAG = /["']--(?:background|bg|daemon|detached|worker)["']/;

/** A background `&` on the line: an `&` that is not part of `&&`, `&>` or `>&`. */
function backgrounds(text: string): boolean {
  return /(?:^|[^&>])&(?![&>])\s*(?:disown\b.*)?(?:#.*)?$/.test(text.replace(/\s+$/, ""));
}

function shellDetached(source: string): Set<number> {
  const lines = source.split("\n");
  const out = new Set<number>();
  const open: number[] = [];
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (text.startsWith("#")) return;
    if (/^(?:nohup|setsid)\b/.test(text) || backgrounds(text)) out.add(i + 1);
    if (/(?:^|[\s;&|])[({]\s*$/.test(text)) open.push(i + 1);
    else if (/^[)}]/.test(text)) {
      const start = open.pop();
      if (start !== undefined && backgrounds(text)) for (let l = start; l <= i + 1; l++) out.add(l);
    }
  });
  return out;
}

/** The detached code of one hook source. */
export function detachedCode(source: string, language: SourceLanguage): DetachedCode {
  switch (language) {
    case "python": {
      const self = PY_DETACH.test(source) && (PY_SELF.test(source) || PY_BACKGROUND_FLAG.test(source));
      return { wholeSource: self, lines: new Set() };
    }
    case "shell":
      return { wholeSource: false, lines: shellDetached(source) };
    case "javascript":
    case "other":
      return { wholeSource: false, lines: new Set() };
  }
}

/** Whether the code at `line` runs only in a detached child. */
export function inDetachedChild(code: DetachedCode, line: number): boolean {
  return code.wholeSource || code.lines.has(line);
}
