// A Bash gate: force-pushes, recursive deletes of home or root, and downloads piped into a shell.
import { experimental_defineHook, allow, ask, deny } from "vigiles/hook";

export default experimental_defineHook({
  name: "guard",
  on: "PreToolUse",
  matcher: "Bash",
  decide(e) {
    const c = e.command;
    if (c.runs("git push", { force: true })) return deny("no force-push: it rewrites shared history");
    if (["/", "/*", "~", "~/*", "/etc", "/usr", ".."].some((dir) => c.runs(`rm -r ${dir}`))) {
      return deny("no recursive delete of /, ~ or a system folder");
    }
    if (c.pipesToShell()) return deny("no piping downloads into a shell");
    if (c.writesTo(".env")) return ask("this writes .env");
    return allow();
  },
});
