// scripts/serve-static.mjs — a tiny static file server for build-web/site (and the browser
// test): correct MIME types (application/wasm for streaming compilation), no directory
// listings, nothing outside the root.
//   usage: node scripts/serve-static.mjs DIR [PORT] [HOST]     (PORT 0 = any free port)
//   or:    import { serveStatic } from './serve-static.mjs'; const s = await serveStatic(dir, 0);
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.wasm': 'application/wasm', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8', '.swf': 'text/plain; charset=utf-8',
  '.ttf': 'font/ttf', '.woff2': 'font/woff2', '.data': 'application/octet-stream',
};

// Starts serving `root`; resolves to { server, port, url, close() }.
export function serveStatic(root, port = 0, host = '127.0.0.1') {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    let rel;
    try { rel = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch { rel = null; }
    if (rel === null || (req.method !== 'GET' && req.method !== 'HEAD')) { res.writeHead(400).end(); return; }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(base, path.normalize(rel));
    if (file !== base && !file.startsWith(base + path.sep)) { res.writeHead(403).end(); return; }
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) { res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n'); return; }
      res.writeHead(200, {
        'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': st.size, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') { res.end(); return; }
      fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const p = server.address().port;
      resolve({ server, port: p, url: `http://${host}:${p}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, port = '8080', host = '127.0.0.1'] = process.argv.slice(2);
  if (!dir || !fs.existsSync(dir)) { console.error('usage: node serve-static.mjs DIR [PORT] [HOST]'); process.exit(2); }
  const s = await serveStatic(dir, Number(port), host);
  console.log(`serving ${path.resolve(dir)} at ${s.url}`);
}
