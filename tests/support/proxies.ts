import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, tempDir } from './instances.ts';

// Real reverse proxies in front of real Müse instances, run from the deploy/ examples that
// docs/DEPLOY.md shows, with only addresses and TLS changed: a fault test then checks the
// example as written. Each runs in the foreground with every file in its own temp dir and
// listens on 127.0.0.1 only.

const root = path.resolve(import.meta.dirname, '../..');

export const NGINX = '/usr/sbin/nginx';
export const CADDY = '/usr/bin/caddy';
const NGINX_SITE = path.join(root, 'deploy/nginx-muse.conf');
const CADDYFILE = path.join(root, 'deploy/Caddyfile.compose');

export type RunningProxy = { origin: string; output: () => string; stop: () => Promise<void> };

function replaceAll(text: string, file: string, pairs: [string, string][]): string {
  let result = text;
  for (const [from, to] of pairs) {
    // A changed example fails here, not quietly with the test's own settings.
    if (!result.includes(from)) throw new Error(`${file} no longer has '${from}'`);
    result = result.replaceAll(from, to);
  }
  return result;
}

async function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  origin: string,
): Promise<RunningProxy> {
  let output = '';
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited:\n${output}`);
    try {
      await fetch(`${origin}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${command} did not listen:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    origin,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** nginx with deploy/nginx-muse.conf: plain HTTP on 127.0.0.1, upstream the two given ports. */
export async function startNginx(upstreamPorts: [number, number]): Promise<RunningProxy> {
  const dir = tempDir('muse-nginx-');
  // Workers may run as another user (nobody when started as root): they write temp files here.
  fs.chmodSync(dir, 0o755);
  const temp = (name: string) => {
    const at = path.join(dir, name);
    fs.mkdirSync(at);
    fs.chmodSync(at, 0o777);
    return at;
  };
  const port = await freePort();
  const site = replaceAll(fs.readFileSync(NGINX_SITE, 'utf8'), NGINX_SITE, [
    ['server 127.0.0.1:3000 ', `server 127.0.0.1:${upstreamPorts[0]} `],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreamPorts[1]} `],
    ['listen 443 ssl;', `listen 127.0.0.1:${port};`],
  ])
    .split('\n')
    .filter((line) => !/^\s*(ssl_|http2 )/.test(line) && !line.startsWith('server { listen 80;'))
    .join('\n');
  const conf = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${site}
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file, '-g', 'daemon off;'];
  const proxy = await run(NGINX, args, {}, `http://127.0.0.1:${port}`);
  return { ...proxy, output: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8') };
}

/** Caddy with deploy/Caddyfile.compose: on 127.0.0.1, upstream the two given ports. */
export async function startCaddy(upstreamPorts: [number, number]): Promise<RunningProxy> {
  const dir = tempDir('muse-caddy-');
  const port = await freePort();
  const site = replaceAll(fs.readFileSync(CADDYFILE, 'utf8'), CADDYFILE, [
    ['app1:3000 app2:3000', `127.0.0.1:${upstreamPorts[0]} 127.0.0.1:${upstreamPorts[1]}`],
    [':8080 {', `:${port} {\n\tbind 127.0.0.1`],
  ]);
  // No admin endpoint (it would take port 2019 on this shared machine), no certificates.
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n${site}`);
  const env = { HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  return run(
    CADDY,
    ['run', '--config', file, '--adapter', 'caddyfile'],
    env,
    `http://127.0.0.1:${port}`,
  );
}
