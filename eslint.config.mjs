// Lint rules for the whole repository: typescript-eslint's type-aware recommended set for
// TypeScript, the plain recommended set for the JavaScript tools and scripts.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "docs/api/**",
      "node_modules/**",
      "coverage/**",
      "**/node_modules/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  {
    files: ["**/*.ts", "**/*.mts"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "smart"],
    },
  },
  {
    // Each example carries the tsconfig.json a user's project would have, which cannot see
    // this repository's sources; lint them with the repository's own project instead.
    files: ["examples/**/*.ts"],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: "./tsconfig.json",
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ["**/*.mjs", "**/*.cjs", "**/*.js"],
    languageOptions: { globals: { ...globals.node } },
    rules: { eqeqeq: ["error", "smart"] },
  },
);
