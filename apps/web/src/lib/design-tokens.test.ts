import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DESIGN_TOKENS, TOKEN_CSS_VARIABLES } from './design-tokens';

// A path, not a URL: under jsdom the global URL is jsdom's, which node:fs does not take as a file URL.
const css = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app/global.css'),
  'utf8',
);
const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';

function cssValue(variable: string): string | undefined {
  const match = new RegExp(`${variable}:\\s*([^;]+);`).exec(root);
  return match?.[1]?.trim();
}

describe('design tokens', () => {
  it('are the values the storefront’s CSS uses, so the console (antd theme) and the storefront look alike', () => {
    for (const [token, variable] of Object.entries(TOKEN_CSS_VARIABLES)) {
      const value = DESIGN_TOKENS[token as keyof typeof DESIGN_TOKENS];
      expect(cssValue(variable), variable).toBe(typeof value === 'number' ? `${value}px` : value);
    }
  });
});
