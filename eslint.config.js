import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-e2e/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/.data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-expect-error": "allow-with-description" }],
      // Game code must be a function of its seed; the engine never reaches for the global random source.
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Use the seeded PRNG in app/game." },
      ],
    },
  },
  {
    files: ["tests/**", "bench/**", "scripts/**", "app/**/*.server.ts", "server/**", "server.js", "app/utils/**"],
    rules: { "no-restricted-properties": "off" },
  },
);
