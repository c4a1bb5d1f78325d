import { ConfigError, loadConfig } from './config';
import { checkGateways } from './gateways/gateway-check';
import { StartupError } from './infra/startup-error';

/**
 * `npm run check:gateways`: the live credentials of Fiuu, Stripe and BIGO checked without moving money, one line
 * per vendor (gateways/gateway-check.ts). Exits 1 when a check failed, 2 when the configuration cannot be read.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`check:gateways: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  let lines: Awaited<ReturnType<typeof checkGateways>>;
  try {
    lines = await checkGateways(config);
  } catch (err) {
    if (err instanceof StartupError) {
      process.stderr.write(`check:gateways: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const mark = { ok: 'OK  ', failed: 'FAIL', skipped: 'SKIP' } as const;
  for (const line of lines)
    process.stdout.write(`${line.vendor.padEnd(6)} ${mark[line.result]} ${line.text}\n`);
  process.exit(lines.some((l) => l.result === 'failed') ? 1 : 0);
}

void main();
