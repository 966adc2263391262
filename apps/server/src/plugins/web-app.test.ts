import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

describe('serving the web app under /client', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(dist, 'logo.svg'), '<svg/>');
    await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    app = Fastify();
    await registerWebApp(app, dist, 'Proxy & Co');
  });
  afterAll(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('redirects / to /client/', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/client/');
  });

  it('answers every client route with the app shell (SPA fallback), titled with APP_NAME, escaped', async () => {
    for (const url of [
      '/client/',
      '/client/user/login',
      '/client/proxysetting/subaccount?x=1',
      '/client/index.html',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe('<!doctype html><title>Proxy &amp; Co</title>');
    }
  });

  it('sends real files, caches hashed assets, 404s missing ones and never leaves the dist folder', async () => {
    const asset = await app.inject('/client/assets/app-1.js');
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/client/logo.svg')).body).toBe('<svg/>');
    expect((await app.inject('/client/assets/missing.js')).statusCode).toBe(404);
    const escape = await app.inject('/client/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(escape.body).not.toContain('root:');
  });

  it('serves a file added after start (a rebuild needs no restart)', async () => {
    await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject('/client/assets/app-2.js')).body).toBe('console.log(2)');
  });
});
