// A file-tool gate written in TypeScript: CI workflows and env files are off limits.
import { experimental_defineHook, allow, deny } from "vigiles/hook";

export default experimental_defineHook({
  name: "protect-paths",
  on: "PreToolUse",
  matcher: "Write|Edit|MultiEdit",
  decide: (e) =>
    e.path.under(".github/workflows") || e.path.matches("**/.env*")
      ? deny(`${e.path.value ?? "this path"} is protected`)
      : allow(),
});
