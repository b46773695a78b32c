#!/bin/sh
# Keeps the reviewer going until its report names every changed file.
input=$(cat)
case "$input" in
  *'"stop_hook_active":true'*) exit 0 ;;
esac
case "$input" in
  *"REVIEW-COMPLETE"*) exit 0 ;;
esac
printf '%s\n' '{"decision":"block","reason":"Finish the review and end it with REVIEW-COMPLETE."}'
exit 0
