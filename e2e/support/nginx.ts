import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';

/**
 * Debian's nginx in front of the app, as the README's "Several instances" deploys it, with `auth_basic` doing the
 * sign-in (header mode, #28). Its own config, pid and logs in a temp folder; in the foreground, one process (no
 * daemon, no master), listening on 127.0.0.1:port only. It connects to the app from `bindAddress`, a loopback
 * address of its own, so the app can trust nginx alone and not a test's direct request from 127.0.0.1.
 */
export async function startNginx({
  port,
  appPort,
  bindAddress,
  user,
  password,
}: {
  port: number;
  appPort: number;
  bindAddress: string;
  user: string;
  password: string;
}): Promise<{ stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creditscope-nginx-'));
  const hash = execFileSync('openssl', ['passwd', '-apr1', password], { encoding: 'utf8' }).trim();
  fs.writeFileSync(path.join(dir, 'htpasswd'), `${user}:${hash}\n`);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    auth_basic "creditscope";
    auth_basic_user_file ${dir}/htpasswd;
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_bind ${bindAddress};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-User $remote_user;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Ready once it answers at all (401: it asks for the password).
  for (let tries = 0; tries < 100; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${readLog(dir)}`);
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.status === 401,
      () => false,
    );
    if (answered) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx on ${port} did not start within 10 s: ${output}`);
}

function readLog(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
