/** Types of size-budgets.mjs, for its test. */
export interface TBudget {
  ceilingKiB: number;
  targetKiB: number;
  antdFree?: boolean;
}

export interface TMeasuredRoute {
  route: string;
  path: string;
  /** Brotli bytes of the route's first load (JS + CSS). */
  brotli: number;
  /** What forbiddenModules found in it. */
  forbidden: string[];
}

export function packageOf(moduleId: string): string | null;
export function forbiddenModules(moduleIds: readonly string[]): string[];
export function ceilingFor(bytes: number): number;
export function budgetProblems(budgets: Record<string, unknown>, rows: readonly TMeasuredRoute[]): string[];
