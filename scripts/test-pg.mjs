#!/usr/bin/env node
// Runs the server integration suite against a real PostgreSQL server (DESIGN.md §1: same schema, same SQL as the
// embedded database). Creates a fresh database for the run, hands it to the tests as TEST_DATABASE_URL (each test
// app then creates and drops its own database named after it), and drops everything it made, pass or fail.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const base = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/');
const runDb = `ezrecharge_ci_${process.pid}_${Date.now().toString(36)}`;
const adminUrl = new URL('/postgres', base).toString();

async function admin(fn) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

try {
  await admin((c) => c.query(`create database "${runDb}"`));
} catch (err) {
  console.error(`test:pg cannot create a database on ${base.host}: ${err.message}`);
  process.exit(1);
}
console.log(`test:pg: database ${runDb} on ${base.host}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: new URL(`/${runDb}`, base).toString() },
});
await admin(async (c) => {
  const { rows } = await c.query('select datname from pg_database where datname = $1 or datname like $2', [
    runDb,
    `${runDb}\\_%`,
  ]);
  for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
  console.log(`test:pg: dropped ${rows.length} database(s)`);
});
process.exit(result.status ?? 1);
