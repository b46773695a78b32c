#!/bin/sh
# A project's own guard: registered without an interpreter, so it runs only while it keeps its
# executable bit (vigiles copies the project with its file modes).
command=$(node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>console.log(JSON.parse(s).tool_input.command ?? ""))')
case "$command" in
  *"push --force"* | *"push -f"*) echo "force pushes are not allowed here" >&2; exit 2 ;;
esac
exit 0
