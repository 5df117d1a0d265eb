// ESLint (flat config) for the pages' scripts: plain ES modules run by the browser, no build step.
// `npx eslint` in web_display/ (CI: .ci/run); the generated protocol.js is linted too.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "vendor/"] },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      "no-implicit-globals": "error",
      "no-shadow": "error",
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
