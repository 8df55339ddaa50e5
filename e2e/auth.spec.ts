/**
 * Sign-in (issue 20), in a browser against a production server of its own with AUTH_MODE=password
 * and a users file of bcrypt hashes: the page loads without a session and shows the sign-in; the
 * sign-in page brings the browser back to its workspace; the header names the user; sign-out ends
 * the session on the server, which closes the realtime socket, and no data arrives after it. Five
 * wrong passwords lock the name: the next try waits, the right password included.
 */
import type { WebSocket } from '@playwright/test';
import bcrypt from 'bcryptjs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { keptData } from './kept-data.ts';
import { startServer, type RunningServer } from './start-server.ts';

const PASSWORD = 'a desk password';
const SHOTS = 'test-results/auth-shots';

let dir: string;
let server: RunningServer;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chartroom-auth-e2e-'));
  const users = join(dir, 'users.htpasswd');
  writeFileSync(users, ['alice', 'bob'].map((user) => `${user}:${bcrypt.hashSync(PASSWORD, 4).replace(/^\$2b\$/, '$2y$')}\n`).join(''));
  // A long first lockout, so that "the next try waits" does not depend on how fast the browser is.
  server = await startServer({ AUTH_MODE: 'password', AUTH_USERS_FILE: users, AUTH_LOCKOUT_BASE_SECONDS: '60' });
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  // The audit log names users and outcomes, never the password or a session cookie.
  expect(server.output()).toContain('audit {"event":"sign-in","outcome":"ok","user":"alice"');
  expect(server.output()).not.toContain(PASSWORD);
  expect(server.output()).not.toMatch(/chartroom-session=/);
});

test('sign in, see data, sign out: the socket closes and data stops', async ({ page }) => {
  test.setTimeout(120_000);
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  await page.goto(`${server.url}/?symbol=AAPL.US`);
  // The page loads; data needs a sign-in, and the page says so.
  const prompt = page.getByTestId('sign-in-prompt');
  await expect(prompt).toContainText('Sign in to see market data', { timeout: 30_000 });
  // The workspace is in the URL (the app writes its whole state there): the sign-in comes back to it.
  const workspace = new URL(page.url());
  expect(workspace.searchParams.get('symbol')).toBe('AAPL.US');
  await prompt.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${server.url}/auth/sign-in?next=${encodeURIComponent(workspace.pathname + workspace.search)}`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/sign-in-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${SHOTS}/sign-in-light.png` });

  await page.getByLabel('User name').fill('alice');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back on the workspace it left, with live data.
  await expect(page).toHaveURL(workspace.href);
  await expect(page.getByTestId('status-realtime')).toHaveText('Live: streaming', { timeout: 30_000 });
  const account = page.getByTestId('account-status');
  await expect(account).toContainText('alice');
  await expect(page.getByTestId('sign-in-prompt')).toHaveCount(0);
  const toDark = page.getByRole('button', { name: 'Switch to dark theme' });
  if ((await toDark.count()) > 0) await toDark.click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.locator('header.app-header').screenshot({ path: `${SHOTS}/signed-in-header-dark.png` });
  await page.screenshot({ path: `${SHOTS}/signed-in-dark.png` });

  // What this user saw is kept for offline visits, until they sign out.
  await expect.poll(() => keptData(page), { timeout: 20_000 }).toContain('"AAPL.US"');

  const live = sockets.filter((socket) => !socket.isClosed());
  expect(live.length).toBeGreaterThan(0);
  const closed = Promise.all(live.map((socket) => socket.waitForEvent('close', { timeout: 15_000 })));
  await account.getByRole('button', { name: 'Sign out' }).click();
  // The server ends the session and closes the socket (the page stays where it is).
  await closed;
  await expect(page.getByTestId('sign-in-prompt')).toContainText('You are signed out');
  await expect.poll(() => keptData(page)).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('chartroom:offline-kept'))).toBeNull();
  await page.screenshot({ path: `${SHOTS}/signed-out-prompt-dark.png` });
  await expect(page).toHaveURL(workspace.href);

  // From now on nothing arrives: no frame on any socket, no successful data request.
  const frames: string[] = [];
  const answered: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => frames.push(String(frame.payload).slice(0, 80)));
  });
  for (const socket of sockets) socket.on('framereceived', (frame) => frames.push(String(frame.payload).slice(0, 80)));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/v1/') && response.status() < 400) answered.push(`${response.status()} ${response.url()}`);
  });
  await page.waitForTimeout(5_000);
  expect(frames).toEqual([]);
  expect(answered).toEqual([]);
  await expect(page.getByTestId('status-realtime')).not.toHaveText('Live: streaming');
  // And the server agrees: no realtime connection left, the old cookie is refused.
  const metrics = await (await page.request.get(`${server.url}/metrics`)).text();
  expect(metrics).toMatch(/^chartroom_realtime_connections 0$/m);
  expect((await page.request.get(`${server.url}/v1/market/ticker?symbols=AAPL.US`)).status()).toBe(401);
});

test('five wrong passwords slow the next try, the right one included', async ({ page }) => {
  await page.goto(`${server.url}/auth/sign-in`);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await page.getByLabel('User name').fill('bob');
    await page.getByLabel('Password').fill(`wrong ${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Wrong user name or password.');
  }
  await expect(page.getByRole('alert')).toContainText('Wait 60 s before the next try.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText(/Too many failed sign-ins\. Try again in \d+ s\./);
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  const cookies = await page.context().cookies();
  expect(cookies.filter((cookie) => cookie.name.includes('chartroom-session'))).toEqual([]);
  // Another user is not locked out by bob's guesser.
  await page.getByLabel('User name').fill('alice');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back on the dashboard, whose URL the app then makes explicit (?symbol=…).
  await expect(page).toHaveURL((url) => url.origin === new URL(server.url).origin && url.pathname === '/');
  await expect(page.getByTestId('symbol-header')).toBeVisible();
});
