/** A reason the server cannot start, told to the operator in one line (main.ts prints it and exits 1). */
export class StartupError extends Error {
  override name = 'StartupError';
}
