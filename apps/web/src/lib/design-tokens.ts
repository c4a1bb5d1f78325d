/**
 * The brand's colours and shapes, one set for both faces: the storefront reads them as CSS custom properties
 * (app/global.css `:root`, checked against this file by design-tokens.test.ts), the console hands them to Ant
 * Design's theme (components/layouts/antd-providers.tsx).
 */
export const DESIGN_TOKENS = {
  primary: '#5b3cc4',
  primaryBright: '#8b6cff',
  ink: '#1b1638',
  muted: '#645f80',
  success: '#389e0d',
  /** 5.6:1 on white. */
  danger: '#cf1322',
  radius: 8,
} as const;

/** The CSS custom property that carries each token in app/global.css. */
export const TOKEN_CSS_VARIABLES: Record<keyof typeof DESIGN_TOKENS, string> = {
  primary: '--app-primary',
  primaryBright: '--app-primary-bright',
  ink: '--app-ink',
  muted: '--app-muted',
  success: '--app-success',
  danger: '--app-danger',
  radius: '--app-radius',
};
