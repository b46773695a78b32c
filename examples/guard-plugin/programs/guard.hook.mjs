// The same Bash guard as hooks/guard.sh, as a vigiles hook program: the command is parsed with a
// real shell parser, so `sudo`, `env`, `sh -c '…'`, `;`, `&&`, subshells, quoting and /usr/bin paths
// hide nothing. `vigiles compile` turns it into a registration; tests run it in process.
import { experimental_defineHook, deny, allow } from "vigiles/hook";

/** What `rm -rf` must never be pointed at: a root, a home, a parent, or everything here. */
const PRECIOUS = ["/", "/*", "~", "~/", "$HOME", "${HOME}", "..", "../", "*"];
/** A block device (or `of=` one) that a raw write or a new file system would destroy. */
const DISK = /^(of=)?\/dev\/(sd|nvme|hd|vd|xvd|mmcblk)/;

export default experimental_defineHook({
  on: "PreToolUse",
  matcher: "Bash",
  name: "guard",
  decide: (e) => {
    const c = e.command;
    const rmRf = (target) => c.runs(`rm ${target}`, { flags: ["-r", "-f"] });
    if (c.runs("git push", { force: true })) return deny("guard-plugin: force pushes rewrite shared history");
    if (PRECIOUS.some(rmRf)) return deny("guard-plugin: rm -rf of a root, home, parent or glob");
    if (c.pipesToShell()) return deny("guard-plugin: piping the network into a shell");
    const diskWriter = (s) => s.name === "dd" || s.name === "mkfs" || s.name.startsWith("mkfs.");
    if (c.commands.some((s) => diskWriter(s) && s.argv.some((a) => DISK.test(a))))
      return deny("guard-plugin: writing a raw disk");
    if (c.runs("chmod /", { flags: ["-R"] })) return deny("guard-plugin: chmod -R of the root");
    if (c.runs("git reset --hard") || c.runs("git clean", { flags: ["-f", "-d", "-x"] }))
      return deny("guard-plugin: git reset --hard / git clean -fdx throw work away");
    if (/\bdrop\s+database\b/i.test(c.text)) return deny("guard-plugin: DROP DATABASE");
    // A function that pipes itself into itself in the background: the fork bomb, by any name.
    if (/([\w:.-]+)\s*\(\)\s*\{[^}]*\1\s*\|\s*\1\s*&/.test(c.text))
      return deny("guard-plugin: a function that calls itself in the background (fork bomb)");
    return allow();
  },
});
