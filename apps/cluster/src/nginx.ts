/**
 * nginx (Debian's, /usr/sbin/nginx) in front of the API instances, with a configuration generated
 * into the cluster's directory. What matters for Unica (docs/operations.md "nginx"):
 * - one upstream of every instance, keep-alive connections closed by nginx before Node's own
 *   5 s idle timeout would close them under a request;
 * - a GET that meets a refused connection or a 502/503 (an instance restarting, or shutting down:
 *   Fastify answers 503 while it closes) is retried on the next instance, so a rolling restart
 *   fails no request; other methods are never retried (a POST may have been applied);
 * - /api/events unbuffered and long-lived (Server-Sent Events);
 * - X-Forwarded-For and X-Forwarded-Proto for TRUST_PROXY=true, and a request id for every
 *   request (the client's X-Request-Id, else nginx's own $request_id) in the upstream's logs.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Child } from './process.js'
import { waitForHttp } from './ports.js'

const NGINX = '/usr/sbin/nginx'

export function nginxAvailable(): boolean {
  return existsSync(NGINX)
}

export interface NginxConfig {
  readonly port: number
  readonly upstreams: readonly number[]
  /** Directory of its config, pid, logs and temporary files. */
  readonly dir: string
}

/** A small static answer nginx serves itself: the benchmark's baseline. */
export const STATIC_PATH = '/nginx-static'

function nginxConf(c: NginxConfig): string {
  // max_fails=0: a stopped instance is never marked down. nginx's default (down for 10 s after one
  // failure) lets a rolling restart mark every instance down in turn, and then it answers 502 with
  // no live upstream; a refused connection costs nothing, so each request just tries the next.
  const servers = c.upstreams
    .map((p) => `    server 127.0.0.1:${String(p)} max_fails=0;`)
    .join('\n')
  // As root, nginx's workers would run as nobody, who cannot write to our temporary directory.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : ''
  const tmp = (name: string): string => join(c.dir, 'tmp', name)
  return `${user}worker_processes 1;
daemon off;
pid ${join(c.dir, 'nginx.pid')};
error_log ${join(c.dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${tmp('body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};

  map $http_x_request_id $unica_request_id {
    default $http_x_request_id;
    "" $request_id;
  }

  upstream unica {
${servers}
    keepalive 64;
    keepalive_timeout 4s;
  }

  server {
    listen 127.0.0.1:${String(c.port)};
    client_max_body_size 20m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $unica_request_id;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;

    location = /api/events {
      proxy_pass http://unica;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
    # A 503 here is the answer (not ready), not a failed instance: never retried elsewhere.
    location = /readyz {
      proxy_next_upstream error timeout;
      proxy_pass http://unica;
    }
    location = /metrics {
      allow 127.0.0.1;
      deny all;
      proxy_pass http://unica;
    }
    location = ${STATIC_PATH} {
      default_type text/plain;
      return 200 "ok";
    }
    location / {
      proxy_pass http://unica;
    }
  }
}
`
}

export async function startNginx(c: NginxConfig): Promise<Child> {
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(c.dir, 'tmp', name), { recursive: true })
  }
  const conf = join(c.dir, 'nginx.conf')
  writeFileSync(conf, nginxConf(c))
  const child = new Child({
    name: 'nginx',
    command: NGINX,
    args: ['-p', c.dir, '-c', conf, '-e', join(c.dir, 'error.log')],
    logFile: join(c.dir, 'nginx.out'),
  })
  await waitForHttp(`http://127.0.0.1:${String(c.port)}${STATIC_PATH}`, 10_000, () => child.alive)
  return child
}
