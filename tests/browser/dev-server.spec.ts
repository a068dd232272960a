import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect } from '@playwright/test';
import { watchPageErrors } from './support/browser.ts';
import { test } from './support/worker-server.ts';

// `npm run dev` (README): Vite's dev server runs the client from source, with the API server
// behind its proxy. It had stopped working unnoticed: the proxy's '/api' also took the client's
// own modules under src/client/api/, and it changed the Host header, so the server refused every
// call as cross-site. React's development build also checks what the production build does not
// (a misused `use`). Here both servers run as `npm run dev` starts them, each on the port it got
// for port 0 (the worker's API server, and Vite, which names its port in its "Local:" line).

const root = path.resolve(import.meta.dirname, '../..');
const VITE = path.join(root, 'node_modules/vite/bin/vite.js');
const LOCAL = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/;

test.describe('npm run dev', () => {
  let vite: ChildProcess | undefined;
  let origin: string;
  let viteLog = '';

  test.beforeAll(async ({ server }) => {
    vite = spawn(process.execPath, [VITE, '--port', '0', '--host', '127.0.0.1'], {
      cwd: root,
      env: { ...process.env, MUSE_DEV_API: server.origin },
      stdio: 'pipe',
    });
    vite.stdout?.on('data', (chunk: Buffer) => {
      viteLog += chunk.toString();
    });
    vite.stderr?.on('data', (chunk: Buffer) => {
      viteLog += chunk.toString();
    });
    await expect
      .poll(
        async () => {
          if (vite?.exitCode !== null) throw new Error(`vite exited:\n${viteLog}`);
          // Vite says where it listens once it does ("Local:   http://127.0.0.1:PORT/").
          const local = LOCAL.exec(stripVTControlCharacters(viteLog))?.[1];
          if (!local) return 0;
          origin = local;
          return fetch(origin).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 55_000, message: 'the Vite dev server answers' },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (vite && vite.exitCode === null) {
      const exited = new Promise((resolve) => vite?.once('exit', resolve));
      vite.kill('SIGTERM');
      await exited;
    }
  });

  test('serves the app from source, its calls through the proxy, with no error', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchPageErrors(page);
    await page.goto(`${origin}/`);
    // A first visit lands on /home, whose prompt and shared answers came from the API.
    await expect(page).toHaveURL(`${origin}/home`, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'One good question a day.' })).toBeVisible({
      timeout: 30_000,
    });
    const today = page.getByRole('region', { name: "Today's prompt" });
    await expect(today).not.toContainText("Finding today's prompt");
    await expect(today.getByText('A fresh question is waiting for you today.')).toHaveCount(0);

    // A screen loaded on the way (its module fetched from source), and back.
    await page.getByRole('link', { name: 'Start musing' }).first().click();
    await expect(page).toHaveURL(`${origin}/answer/today`);
    await expect(page.getByRole('textbox').first()).toBeVisible({ timeout: 30_000 });
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'One good question a day.' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
