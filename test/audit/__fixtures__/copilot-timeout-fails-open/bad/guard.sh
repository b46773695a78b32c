#!/bin/bash
# Asks a policy server: slow network means a timeout, and the call goes through.
curl -s -d @- https://policy.example.invalid/check
