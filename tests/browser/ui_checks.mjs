// tests/browser/ui_checks.mjs — the front end in the page, called by test_page.mjs: each mode
// and panel driven by clicks (positions of the fixed default layout at 1280x800), keys, and
// window.alloclab's hooks (which act through the same C++ functions as the UI); the share link
// round trip after a panel change; downloads; a trace read through the file picker; presets;
// frame work at 128x128. Screenshots of every mode go to build-web/screenshots/ (look at them).
import fs from 'node:fs';
import path from 'node:path';

// Waits until fn(arg) holds in the page (polled every 100 ms): true, or false after ms. A check
// waits for the condition it then reads back, never a fixed time (a loaded machine draws slowly).
export const until = async (page, fn, arg, ms = 10000) =>
  page.waitForFunction(fn, arg, { timeout: ms, polling: 100 }).then(() => true, () => false);
// Waits for n of the page's animation frames (the app handles input and draws once a frame):
// what the UI shows after an input that leaves no trace in window.alloclab.state().
export const frames = (page, n = 3) =>
  page.evaluate((n) => new Promise((done) => { let k = 0; const f = () => (++k >= n ? done() : requestAnimationFrame(f)); requestAnimationFrame(f); }), n);
const st = (page) => page.evaluate(() => window.alloclab.state());

// The page's frame work (frameStats: simulation within its budget + UI building + draw-list
// submission) and its parts over the next `ms` of a running page: every animation frame of the
// window, whole.
export async function frameWindow(page, ms = 3000) {
  await page.evaluate(() => { window.__frames = 0; const f = () => { window.__frames++; requestAnimationFrame(f); }; requestAnimationFrame(f); });
  await page.waitForTimeout(ms);
  const n = await page.evaluate(() => window.__frames);  // <= 180 at 60 Hz: within frameStats' 240
  const fw = (await page.evaluate(() => window.alloclab.frameStats())).slice(-n);
  const parts = await page.evaluate(() => window.alloclab.frameParts());
  for (const k of Object.keys(parts)) parts[k] = parts[k].slice(-n);
  return { fw, parts };
}

// Up to `tries` windows one after another until ok(window) holds; every window measured, and
// whether one met the goal. The machine is shared: a window in which other processes held the
// cores measures them, not the page (as `bench` takes the best of several runs). A page that
// misses the goal misses it in every window, and the check fails.
export async function goalWindow(page, ok, tries = 3) {
  const windows = [];
  for (let i = 0; i < tries; i++) {
    windows.push(await frameWindow(page));
    if (ok(windows[i])) return { met: true, windows };
  }
  return { met: false, windows };
}

export async function uiChecks({ open, check, shots, census, nativeCli }) {
  const shot = async (page, name, clip) => {
    const png = await page.screenshot(clip ? { clip } : {});
    fs.writeFileSync(path.join(shots, name), png);
    return png;
  };

  // -- Run mode at 128x128 with the traffic overlay: frame work, keys, buttons, hover, pin
  const link128 = 'size=128x128&arrival=poisson:0.5&job_size=uniform:1-40&jobs=100000&pattern=random';
  const p = await open(link128);
  // frameStats() = simulation (within its budget) + UI building + draw-list submission per
  // frame. The renderer never reads GL state back (web/gl_renderer.hpp), so submission does not
  // wait for SwiftShader's rasterization of the previous frame.
  // The check is about the running page, so it measures the 3 s after the first 2 s (and up
  // to two more windows of 3 s when one misses the goal: goalWindow above). The first 2 s
  // hold the page's start-up (the first frames build the font atlas and compile the shaders,
  // and V8 runs the wasm in its baseline tier while it compiles the optimized code on the
  // same two cores), as many as half of the frames a loaded machine draws in the first 3 s.
  // Every frame of the window counts, whole (the animation frames the page saw in it).
  const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };
  const p95 = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]; };
  await p.waitForTimeout(2000);
  const early = await p.evaluate(() => window.alloclab.frameStats());
  const traffic = await p.evaluate(() => window.alloclab.state().traffic);
  const heat = await goalWindow(p, (w) => w.fw.length > 20 && median(w.fw) <= 8);
  const said = heat.windows.map(({ fw, parts }) =>
    `median ${median(fw).toFixed(2)} ms, p95 ${p95(fw).toFixed(2)} ms over ${fw.length} frames: sim ${median(parts.sim).toFixed(2)} + build ${median(parts.build).toFixed(2)} + submit ${median(parts.submit).toFixed(2)} ms`);
  check('128x128 with the traffic overlay: frame work (frameStats) median <= 8 ms', heat.met && traffic === 'heat',
        `${said.join('; then ')} (${heat.windows.length} window(s) of 3 s from 2 s on, measured until one meets the goal, at most 3); overlay ${traffic}` +
        ` (the ${early.length} frames of 0-2 s: median ${median(early).toFixed(2)} ms)`);
  await shot(p, 'mode-run-128x128.png');
  const filled = await until(p, () => window.alloclab.state().history > 5);
  const s0 = await st(p);
  check('Run mode plays by default and the chart history fills', s0.mode === 'Run' && s0.playing && s0.history > 5,
        `${filled ? '' : 'waited 10 s for history > 5: '}${JSON.stringify(s0).slice(0, 120)}`);

  // keys: Space pauses (focus the canvas by clicking an empty spot of the menu bar first)
  await p.mouse.click(700, 10);
  await p.keyboard.press('Space');
  await until(p, () => window.alloclab.state().playing === false);
  const s1 = await st(p);
  await p.keyboard.press('Space');
  await until(p, () => window.alloclab.state().playing === true);
  const s2 = await st(p);
  check('Space toggles play/pause', s1.playing === false && s2.playing === true,
        `waited up to 10 s each: playing ${s1.playing} after the first Space, ${s2.playing} after the second`);
  // the Step button (Setup window, first row) pauses and processes one event
  await p.mouse.click(108, 65);
  const stepPaused = await until(p, () => window.alloclab.state().playing === false);
  await frames(p, 3);  // paused: the events count stays
  const e1 = (await st(p)).events;
  await p.mouse.click(108, 65);
  const stepped = await until(p, (e) => window.alloclab.state().events !== e, e1);
  await frames(p, 3);  // a second event would show here
  const s3 = await st(p);
  check('Step button: paused, one event per click', stepPaused && s3.playing === false && s3.events === e1 + 1,
        `waited up to 10 s for the first click to pause (${stepPaused}) and the second to change the event count (${stepped}): events ${e1} -> ${s3.events}, playing ${s3.playing}`);

  // the "traffic" checkbox under the mesh hides the overlay (job colours undimmed for the pin)
  await p.mouse.click(455, 447);
  const hidden = await until(p, () => window.alloclab.state().traffic === 'off');
  const trafficOff = await p.evaluate(() => window.alloclab.state().traffic);
  check('the traffic checkbox hides the overlay', trafficOff === 'off', `${trafficOff}${hidden ? '' : " (waited 10 s for traffic 'off')"}`);
  await frames(p, 3);  // the mesh drawn without the overlay
  // hover a job cell in the mesh: tooltip; click: pin
  const meshClip = { x: 352, y: 80, width: 540, height: 340 };
  const img = await p.screenshot({ clip: meshClip });
  const job = findJobPixel(img, census);
  let pinned = -1;
  if (job) {
    await p.mouse.move(meshClip.x + job.x, meshClip.y + job.y);
    await frames(p, 3);
    await shot(p, 'mesh-hover-tooltip.png');
    await p.mouse.click(meshClip.x + job.x, meshClip.y + job.y);
    await until(p, () => window.alloclab.state().pinned >= 0);
    pinned = (await st(p)).pinned;
    await p.mouse.click(455, 447);  // overlay back on
    await until(p, () => window.alloclab.state().traffic !== 'off');
    await frames(p, 3);
    await shot(p, 'mesh-pinned.png');
  }
  check('clicking a job in the mesh pins it', pinned >= 0, job ? `pinned ${pinned} (waited up to 10 s for a pin)` : 'no job cell found in the mesh');
  // wheel zoom around the pinned job: the canvas reports its zoom (1 = the whole machine)
  const zoom0 = (await st(p)).mesh.zoom;
  await p.mouse.move(meshClip.x + (job?.x ?? 200), meshClip.y + (job?.y ?? 150));
  await p.mouse.wheel(0, -400);
  const zoomed = await until(p, (z) => window.alloclab.state().mesh.zoom > z, zoom0);
  const zoom1 = (await st(p)).mesh.zoom;
  await shot(p, 'mesh-zoomed.png');
  check('the mouse wheel over the mesh zooms in', zoom0 === 1 && zoom1 > 1, `zoom ${zoom0} -> ${zoom1}${zoomed ? '' : ' (waited 10 s for the zoom to grow)'}`);
  await p.close();

  // -- a pinned job's messages: with the network model, pinning a job draws the channels its
  // flits occupy (Network::channels_of) as magenta arrows with a legend line; the page reports
  // what the overlay drew (state().pinnedTraffic). Paused, so the picture and the state agree.
  const n = await open('size=16x16&pattern=all-to-all&job_size=exponential:8&arrival=poisson:0.0004&strategy=pald-ff');
  await n.waitForTimeout(3000);
  await n.mouse.click(700, 10);
  await n.keyboard.press('Space');
  const netPaused = await until(n, () => window.alloclab.state().playing === false);
  await frames(n, 3);
  const netImg = census(await n.screenshot({ clip: meshClip })).img;
  let pinnedSt = null, tries = 0;
  for (let y = 20; y < meshClip.height - 20 && !pinnedSt && tries < 40; y += 17)
    for (let x = 20; x < meshClip.width - 20 && !pinnedSt && tries < 40; x += 17) {
      const [r, g, b] = netImg.rgb(x, y), mx = Math.max(r, g, b), mn = Math.min(r, g, b);
      if (mx < 120 || (mx - mn) / mx < 0.35) continue;  // not a job cell
      tries++;
      await n.mouse.click(meshClip.x + x, meshClip.y + y);
      // a click on a job pins it and the overlay reports the pinned job's channels when it next
      // draws (a click that hits no job rightly changes nothing): counted in frames, not in time
      await frames(n, 6);
      const s = await st(n);
      if (s.pinned >= 0 && s.pinnedTraffic.job === s.pinned && s.pinnedTraffic.channels > 0) pinnedSt = s;
      else if (s.pinned >= 0) { await n.mouse.click(meshClip.x + x, meshClip.y + y); await until(n, () => window.alloclab.state().pinned < 0); }  // unpin
    }
  await n.mouse.move(10, 790);
  await frames(n, 3);  // the tooltip gone, the highlight drawn
  const pinnedPng = await shot(n, 'mesh-pinned-traffic.png');
  const magenta = (() => {  // pixels of the highlight colour (255, 70, 255) in the mesh window, below the legend line
    const img = census(pinnedPng).img;
    let k = 0;
    for (let y = meshClip.y + 25; y < meshClip.y + meshClip.height; y++)
      for (let x = meshClip.x; x < meshClip.x + meshClip.width; x++) {
        const [r, g, b] = img.rgb(x, y);
        if (r > 230 && b > 230 && g < 110) k++;
      }
    return k;
  })();
  check('pinning a communicating job highlights the channels carrying its flits', pinnedSt !== null && magenta > 200,
        pinnedSt ? `job ${pinnedSt.pinned}: ${pinnedSt.pinnedTraffic.channels} channels, ${pinnedSt.pinnedTraffic.flits} flits, ` +
                  `${pinnedSt.pinnedTraffic.held} held; ${magenta} highlight pixels` : `no job with traffic after ${tries} clicks (paused: ${netPaused})`);
  await n.close();

  // -- a panel change by clicking: the topology combo -> torus; the link round trip
  const q = await open('size=24x24&seed=5');
  await frames(q, 5);                      // the layout in place
  await q.mouse.click(228, 211);           // Setup > Scenario > topology combo (under "machine")
  await frames(q, 5);                      // the popup opens (ImGui shows a new popup from its second frame)
  await shot(q, 'panel-topology-combo.png');
  await q.mouse.click(200, 256);           // second entry: torus
  const torus = await until(q, () => window.alloclab.link() === 'topology=torus&size=24x24&seed=5');
  const l1 = await q.evaluate(() => window.alloclab.link());
  check('clicking the topology combo sets torus (link follows)', l1 === 'topology=torus&size=24x24&seed=5', `${l1}${torus ? '' : ' (waited 10 s for topology=torus in link())'}`);
  await q.evaluate(() => window.alloclab.setParam('strategy', 'bf'));
  const l2 = await q.evaluate(() => window.alloclab.link());
  await until(q, (l) => location.hash === '#' + l, l2, 3000);  // the fragment follows at the next frame
  const hash = await q.evaluate(() => location.hash);
  check('panel change: fragment follows the panels', hash === '#' + l2 && l2.includes('strategy=bf'), `${hash}`);
  const bad = await q.evaluate(() => { try { window.alloclab.setParam('size', '5000x2'); return null; } catch (e) { return e.message; } });
  check('panel value out of range is refused with the engine message', bad && bad.startsWith('size') && (await q.evaluate(() => window.alloclab.link())) === l2, bad);
  await q.waitForTimeout(1500);
  await shot(q, 'mode-run-torus-24x24.png');
  const copied = await q.evaluate(() => window.alloclab.copyLink());
  check('Copy link gives the page address with the fragment', copied.endsWith('#' + l2), copied);
  await q.close();
  const r = await open(l2);
  check('link round trip: opening the copied link gives the same link()', (await r.evaluate(() => window.alloclab.link())) === l2);
  await r.close();

  // -- Compare mode (click the menu), lock-step
  const c = await open('size=32x32&arrival=poisson:0.02&seed=3');
  await c.mouse.click(144, 10);           // menu bar: Compare
  await until(c, () => window.alloclab.mode() === 'Compare');
  const cmpMode = await c.evaluate(() => window.alloclab.mode());
  check('clicking "Compare" in the menu bar switches mode', cmpMode === 'Compare', `mode ${cmpMode} (waited up to 10 s for Compare)`);
  await c.evaluate(() => window.alloclab.command('compare', 'ff,bf,mbs,random'));
  await c.evaluate(() => window.alloclab.command('speed', '3000'));
  await until(c, () => Math.min(...window.alloclab.state().compareTimes) > 1000, null, 20000);
  const cs = await st(c);
  const times = cs.compareTimes;
  const spread = Math.max(...times) - Math.min(...times);
  check('Compare: 4 runs advance in lock-step by simulated time', times.length === 4 && Math.min(...times) > 0 && spread < 0.2 * Math.max(...times),
        `times ${times.map((t) => t.toFixed(0)).join(', ')}; ${JSON.stringify(cs).slice(0, 200)}`);
  await shot(c, 'mode-compare.png');
  // with replications > 1: paired differences from the first strategy over the replications;
  // the CSV is `alloclab sweep ... strategy=IDS --baseline strategy=FIRST`, byte for byte
  await c.evaluate(() => window.alloclab.setParam('jobs', '200'));
  await c.evaluate(() => window.alloclab.setParam('replications', '3'));
  const pairedLines = await until(c, () => { const t = window.alloclab.compareCsv(); return t && t.trim().split('\n').length === 5; }, null, 60000);
  const pcsv = await c.evaluate(() => window.alloclab.compareCsv());
  const pLink = await c.evaluate(() => window.alloclab.link());
  const nativePaired = nativeCli(['sweep', ...pLink.split('&').filter(Boolean).map(decodeURIComponent), 'strategy=ff,bf,mbs,random', '--baseline', 'strategy=ff']);
  check('Compare with replications: paired CSV == native alloclab sweep --baseline (byte for byte)', pairedLines && pcsv === nativePaired && pcsv.includes('utilization_diff_mean'),
        pcsv === nativePaired ? pcsv.split('\n')[0].slice(0, 80) : `\n  page:   ${pcsv.slice(0, 300)}\n  native: ${nativePaired.slice(0, 300)}`);
  await frames(c, 3);
  await shot(c, 'mode-compare-paired.png');
  await c.evaluate(() => window.alloclab.setParam('replications', '1'));

  // -- Sweep mode (key 3), a small sweep to the end
  await c.mouse.click(700, 10);
  await c.keyboard.press('3');
  await until(c, () => window.alloclab.mode() === 'Sweep');
  const swMode = await c.evaluate(() => window.alloclab.mode());
  check('key 3 switches to Sweep', swMode === 'Sweep', `mode ${swMode} (waited up to 10 s for Sweep)`);
  await c.evaluate(() => window.alloclab.setParam('jobs', '300'));
  // the progress read at every animation frame from the start to the end (60 s at most): it
  // must rise through values strictly between 0 and 1 over several frames, never fall
  const seen = await c.evaluate(() => new Promise((done) => {
    const out = [], t0 = performance.now();
    window.alloclab.command('sweep', 'ff,bf,mbs|0.005,0.01,0.02,0.04|2');
    const f = () => {
      const s = window.alloclab.state().sweep;
      out.push([s.progress, s.running, s.done, s.total]);
      if (s.running && performance.now() - t0 < 60000) requestAnimationFrame(f); else done(out);
    };
    requestAnimationFrame(f);
  }));
  await shot(c, 'mode-sweep-running.png');
  const swept = await until(c, () => { const s = window.alloclab.state(); return !s.sweep.running && s.sweep.done === s.sweep.total; }, null, 60000);
  const csv = await c.evaluate(() => window.alloclab.sweepCsv());
  const between = seen.filter(([pr, running]) => running && pr > 0 && pr < 1);
  const rising = seen.every(([pr], i) => i === 0 || pr >= seen[i - 1][0]);
  check('Sweep: progresses across frames and finishes (3 strategies x 4 rates x 2)',
        swept && seen[0][3] === 24 && new Set(between.map(([pr]) => pr)).size >= 3 && rising && csv.trim().split('\n').length === 13,
        `${seen.length} frames, ${between.length} with 0 < progress < 1 (${new Set(between.map(([pr]) => pr)).size} distinct), ` +
        `never falling: ${rising}; ${csv.trim().split('\n').length - 1} rows`);
  await shot(c, 'mode-sweep.png');
  // the page's CSV is the engine's SweepRunner CSV: `alloclab sweep` for the same points, byte for byte
  const sweepLink = await c.evaluate(() => window.alloclab.link());
  const sweepWords = (await c.evaluate(() => window.alloclab.command('sweepWords'))).split('\n');
  const nativeSweep = nativeCli(['sweep', ...sweepLink.split('&').filter(Boolean).map(decodeURIComponent), ...sweepWords]);
  check('Sweep: Download CSV == native alloclab sweep (same points, byte for byte)', csv === nativeSweep,
        csv === nativeSweep ? `${sweepWords.join(' ')}; ${csv.split('\n')[0].slice(0, 60)}…` : `\n  page:   ${csv.slice(0, 300)}\n  native: ${nativeSweep.slice(0, 300)}`);
  // cancel
  await c.evaluate(() => window.alloclab.command('sweep', 'ff|0.01,0.02|20'));
  await c.waitForTimeout(200);
  await c.evaluate(() => window.alloclab.command('cancelSweep'));
  const sc = await st(c);
  check('Sweep can be cancelled', sc.sweep.running === false && sc.sweep.done < sc.sweep.total);

  // -- Explain mode (key 4): paused, a decision explained; Apply steps one event
  await c.mouse.click(700, 10);
  await c.keyboard.press('4');
  await until(c, () => { const s = window.alloclab.state(); return s.mode === 'Explain' && s.playing === false; });
  const ex = await st(c);
  check('key 4 switches to Explain and pauses', ex.mode === 'Explain' && ex.playing === false, `mode ${ex.mode}, playing ${ex.playing} (waited up to 10 s for Explain, paused)`);
  await frames(c, 3);
  await shot(c, 'mode-explain.png');
  await c.evaluate(() => window.alloclab.setParam('size', '16x16'));
  for (let i = 0; i < 40; i++) await c.evaluate(() => window.alloclab.command('step'));
  await frames(c, 3);  // the Explain window has explained the next decision on the new machine
  await shot(c, 'mode-explain-16x16.png');
  const ex16 = await st(c);
  const link16 = await c.evaluate(() => window.alloclab.link());
  check('Explain on 16x16: 40 steps processed, still paused, the next decision explained', ex16.mode === 'Explain' && !ex16.playing &&
        ex16.events === 40 && !link16.includes('size=') /* 16x16: the default */ && ex16.explain.steps >= 2 && ex16.explain.caption !== '',
        `events ${ex16.events}, playing ${ex16.playing}, ${link16}; ${ex16.explain.strategy}: ${ex16.explain.steps} steps, "${ex16.explain.title}"`);

  await explainChecks({ open, check, shot });

  // -- Results: replications with CI, progress, downloads
  await c.keyboard.press('1');
  await c.evaluate(() => { window.alloclab.setParam('jobs', '200'); window.alloclab.setParam('replications', '4'); window.alloclab.command('startReplications'); });
  const reps = await until(c, () => { const s = window.alloclab.state(); return !s.replications.running && s.replications.done === 4; }, null, 30000);
  const json = await c.evaluate(() => window.alloclab.resultsJson());
  const parsed = (() => { try { return JSON.parse(json); } catch (e) { return null; } })();
  const res = parsed?.results, ci = res?.ci95;  // `alloclab run` JSON: results.replications, results.ci95 per metric
  check('Run replications: 4 replications, JSON with ci95', reps && res?.replications === 4 && typeof ci === 'object' &&
        Object.keys(ci).length >= 20 && Object.keys(ci).every((k) => typeof res[k] === 'number' && typeof ci[k] === 'number'), json.slice(0, 160));
  await frames(c, 3);
  await shot(c, 'results-replications.png');
  await c.evaluate(() => window.alloclab.download('csv'));
  const dl = await c.evaluate(() => window.alloclab._lastDownload);
  check('Download CSV hands a Blob of the results to the browser', dl && dl.name === 'alloclab-results.csv' && dl.text.startsWith('metric,value,ci95'), dl?.name);
  await c.close();

  // -- trace through the file picker (the <input type=file> appears only on demand)
  const t = await open('size=16x16');
  const before = await t.evaluate(() => document.querySelectorAll('input[type=file]').length);
  const [chooser] = await Promise.all([t.waitForEvent('filechooser', { timeout: 5000 }), t.evaluate(() => window.alloclab.pickTrace())]);
  const rows = ['arrival,width,height,runtime'];
  for (let i = 0; i < 60; i++) rows.push(`${i * 7},${1 + (i % 5)},${1 + (i % 3)},${50 + (i % 9) * 10}`);
  await chooser.setFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n') + '\n') });
  const traced = await until(t, () => window.alloclab.state().traceJobs === 60, null, 5000);
  check('trace file picked in the browser is parsed by the engine and runs', before === 0 && traced, `${(await st(t)).trace}`);
  // keys changed after loading re-derive the trace from the text the page keeps (the link
  // then reproduces the run): time_scale halves the arrivals; swf_shape on an SWF log re-shapes
  const tryParam = (k, v) => t.evaluate(([k, v]) => { try { window.alloclab.setParam(k, v); return ''; } catch (e) { return e.message; } }, [k, v]);
  const span1 = (await st(t)).traceLastArrival;
  const tsErr = await tryParam('time_scale', '0.5');
  const ts = await st(t);
  const tsLink = await t.evaluate(() => window.alloclab.link());
  check('time_scale=0.5 after loading a trace halves its arrivals', tsErr === '' && span1 === 413 && ts.traceLastArrival === 206.5 &&
        ts.traceJobs === 60 && ts.trace === 'jobs.csv' && tsLink.includes('time_scale=0.5'), `${tsErr} last arrival ${span1} -> ${ts.traceLastArrival}; ${tsLink}`);
  await tryParam('time_scale', '1');
  await t.waitForTimeout(800);
  await shot(t, 'trace-loaded.png');
  const swf = [];
  for (let i = 0; i < 30; i++) swf.push(`${i + 1} ${i * 20} 0 ${60 + i} 8 -1 -1 8 200 -1 1 1 1 1 1 1 -1 -1`);
  await t.evaluate((text) => window.alloclab.loadTrace('log.swf', text), swf.join('\n') + '\n');
  const swfErr = await tryParam('swf_shape', 'row');
  const sw = await st(t);
  check("swf_shape=row after loading an SWF log re-shapes it (no 'was not loaded')", swfErr === '' && sw.trace === 'log.swf' && sw.traceJobs === 30 &&
        (await t.evaluate(() => window.alloclab.error())) === '' && (await t.evaluate(() => window.alloclab.link())).includes('swf_shape=row'), swfErr || JSON.stringify(sw).slice(0, 120));
  const terr = await t.evaluate(() => { try { window.alloclab.loadTrace('bad.csv', 'arrival,width\n1,2\n'); return ''; } catch (e) { return e.message; } });
  check('a malformed trace shows the engine error in the error panel', terr && (await t.evaluate(() => window.alloclab.error())) === terr, terr);
  await t.close();

  // -- routing= (a row of the parameter table, so in the Setup panel): a change re-runs with it,
  //    the page's results equal runJson of its link, a row not on the topology is refused; the
  //    page's commands are a table: help lists every row, an unknown name lists them all
  const rt = await open('size=10x10&pattern=all-to-all&strategy=random&jobs=60&arrival=poisson:0.01');
  // runToEnd plays at full speed over frames: wait for the end before reading the results
  const runToEnd = async () => {
    await rt.evaluate(() => window.alloclab.command('runToEnd'));
    await until(rt, () => window.alloclab.state().done === true, undefined, 60000);
    return rt.evaluate(() => JSON.stringify(JSON.parse(window.alloclab.resultsJson()).results));
  };
  const xy = await runToEnd();
  await rt.evaluate(() => window.alloclab.setParam('routing', 'west-first'));
  const wf = await runToEnd();
  const routed = await rt.evaluate(() => {
    const a = window.alloclab, link = a.link();
    let refused = '';
    try { a.setParam('topology', 'torus'); } catch (e) { refused = e.message; }
    return { link, cli: JSON.stringify(JSON.parse(a.runJson(link)).results), refused, help: a.command('help'), unknown: a.command('frobnicate') };
  });
  Object.assign(routed, { xy, wf });
  check('routing=west-first set in the page re-runs with it (results = runJson of the link); refused on a torus',
        routed.link.includes('routing=west-first') && routed.wf !== routed.xy && routed.wf === routed.cli &&
        routed.refused.startsWith("routing: 'west-first' is not defined on the torus; allowed on the torus: auto, dateline"),
        `${routed.link} | ${routed.refused}`);
  const commandNames = (routed.unknown.split('; commands: ')[1] || '').split(', ');
  const helpNames = routed.help.trim().split('\n').map((l) => l.split(' ')[0]);
  check('page commands: help lists every row, an unknown command names them all',
        commandNames.length > 20 && JSON.stringify(helpNames) === JSON.stringify(commandNames) &&
        commandNames.includes('setParam') && commandNames.includes('help'),
        `${commandNames.length} names; help ${helpNames.length} lines`);
  await rt.close();

  // -- a shared link that names a trace: the rest runs, the page asks for the file, picking it
  //    reproduces the sender's scenario (link() equals the shared link)
  const shared = 'size=20x12&strategy=bf&jobs=40&trace=jobs.csv';
  const u = await open(shared);
  const waiting = await u.evaluate(() => ({ err: window.alloclab.error(), link: window.alloclab.link() }));
  check('a trace link without its file asks for the file and runs the rest', waiting.err.includes("'jobs.csv'") && waiting.link === 'size=20x12&strategy=bf&jobs=40', `${waiting.link} | ${waiting.err.slice(0, 80)}`);
  await shot(u, 'trace-link-waiting.png');
  const [chooser2] = await Promise.all([u.waitForEvent('filechooser', { timeout: 5000 }), u.evaluate(() => window.alloclab.pickTrace())]);
  await chooser2.setFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n') + '\n') });
  const reopened = await until(u, (l) => window.alloclab.link() === l, shared, 5000);
  check('picking the named trace reproduces the shared link', reopened && (await u.evaluate(() => window.alloclab.error())) === '', await u.evaluate(() => window.alloclab.link()));
  await u.close();

  // -- presets menu
  const pr = await open('');
  const names = await pr.evaluate(() => window.alloclab.presets());
  await pr.mouse.click(352, 10);           // menu bar: Presets
  await frames(pr, 5);
  await shot(pr, 'presets-menu.png');
  await pr.mouse.click(400, 56);           // an entry near the top of the menu
  await until(pr, () => window.alloclab.link() !== '');
  const clicked = await pr.evaluate(() => window.alloclab.link());
  // the click loaded one of the presets: the link is the first point of one of them
  const hit = await pr.evaluate(([names, l]) => names.find((n) => { window.alloclab.loadPreset(n); return window.alloclab.link() === l; }) ?? '',
                                [names, clicked]);
  check('clicking an entry of the Presets menu loads that preset', clicked !== '' && hit !== '', `clicked -> ${clicked} (preset ${hit || 'none'})`);
  await pr.evaluate(() => window.alloclab.loadPreset('seed002-no-network'));
  const pl = await pr.evaluate(() => window.alloclab.link());
  check('presets listed and the first point of one loads', names.length >= 3 && pl.includes('job_size=exponential') && pl.includes('service=uniform'), `${names.join(', ')} -> ${pl}`);
  await pr.close();
}

// A pixel in the middle of a job cell (saturated, bright; its neighbours the same colour).
// Explain mode stepped through (Right/Left keys, window.alloclab.state().explain) for MFA, the
// Quad-tree and PALD-FF: from time 0, events are processed until the decision has more than 3
// steps (PALD: until it splits), then every step is visited; screenshots of a middle step
// (build-web/screenshots/explain-{mfa-candidates,qtree-partitions,pald-blocks}.png) and of the
// decision (explain-<strategy>-decision.png).
export async function explainChecks({ open, check, shot }) {
  // [strategy, link, screenshot name, steps wanted (more than)]
  const cases = [
    ['mfa', 'strategy=mfa&size=16x16&arrival=poisson:0.05&job_size=uniform:1-6&seed=4', 'mfa-candidates', 6],
    ['qtree', 'strategy=qtree&size=16x16&arrival=poisson:0.05&job_size=uniform:1-6&seed=4', 'qtree-partitions', 3],
    ['pald-ff', 'strategy=pald-ff&size=16x16&arrival=poisson:0.1&job_size=uniform:2-8&seed=4', 'pald-blocks', 4],
  ];
  for (const [id, link, name, wanted] of cases) {
    const x = await open(link);
    await x.evaluate(() => { window.alloclab.command('pause'); window.alloclab.command('reset'); });  // from time 0: the same states every run
    await x.mouse.click(700, 10);
    await x.keyboard.press('4');
    await until(x, () => window.alloclab.state().mode === 'Explain');
    await frames(x, 2);  // the Explain window has drawn: state().explain is its explanation
    let s = await st(x);
    for (let i = 0; i < 400 && !(s.explain.steps > wanted); i++) {
      await x.evaluate(() => window.alloclab.command('step'));
      await until(x, (ev) => window.alloclab.state().events === ev, s.events + 1);
      await frames(x, 2);  // the window publishes the new explanation when it next draws
      s = await st(x);
    }
    const n = s.explain.steps;
    const captions = [s.explain.caption];
    let midShot = false;
    for (let k = 1; k < n; k++) {
      await x.keyboard.press('ArrowRight');
      await until(x, (k2) => window.alloclab.state().explain.step === k2, k);
      const e = (await st(x)).explain;
      captions.push(e.caption);
      const want = id === 'mfa' ? /Candidates around/.test(e.title) : id === 'qtree' ? e.title === 'Candidates' : /Block #2/.test(e.title);
      if (!midShot && want) { await shot(x, `explain-${name}.png`); midShot = true; }
    }
    const last = (await st(x)).explain;
    await shot(x, `explain-${id}-decision.png`);
    await x.keyboard.press('ArrowLeft');
    await until(x, (k2) => window.alloclab.state().explain.step === k2, n - 2);
    const back = (await st(x)).explain;
    const distinct = new Set(captions).size;
    check(`Explain ${id}: ${n} steps, Right walks them with a new caption each, Left goes back`,
          s.mode === 'Explain' && last.strategy === id && n > 3 && last.step === n - 1 && distinct === n && back.step === n - 2 && midShot,
          `steps ${n}, distinct captions ${distinct}, at step ${last.step} then ${back.step} after Left, mid-walk shot ${midShot}, ` +
          `last "${last.title}": ${last.caption.slice(0, 90)}`);
    await x.close();
  }
}

function findJobPixel(png, census) {
  const c = census(png);
  if (!c.jobPixels) return null;
  const img = c.img;
  if (!img) return null;
  for (let y = 10; y < img.h - 10; y += 3)
    for (let x = 10; x < img.w - 10; x += 3) {
      const [r, g, b] = img.rgb(x, y), mx = Math.max(r, g, b), mn = Math.min(r, g, b);
      if (mx < 150 || (mx - mn) / mx < 0.4) continue;
      let same = true;
      for (const [dx, dy] of [[-3, 0], [3, 0], [0, -3], [0, 3]]) {
        const [r2, g2, b2] = img.rgb(x + dx, y + dy);
        if (r2 !== r || g2 !== g || b2 !== b) same = false;
      }
      if (same) return { x, y };
    }
  return null;
}

// The Gantt window (Run mode) and Compare's first difference: bars drawn (screenshot), hover
// names a job and click pins it (the mesh view's pin), and the first difference stops at the
// same job and time as the native `alloclab diff`.
export async function ganttChecks({ open, check, shots, census, nativeCli }) {
  const g = await open('size=16x16&arrival=poisson:0.04&jobs=400&scheduler=conservative');
  await g.evaluate(() => window.alloclab.command('speed', '200'));
  await g.waitForTimeout(3000);
  await until(g, () => JSON.parse(window.alloclab.command('gantt')).bars >= 5);  // a slow machine draws fewer frames in 3 s
  await g.evaluate(() => window.alloclab.command('pause'));
  await until(g, () => window.alloclab.state().playing === false);
  await frames(g, 3);  // the Gantt window drawn paused: its bars stay where the hover goes
  const gs = JSON.parse(await g.evaluate(() => window.alloclab.command('gantt')));
  const gpng = await g.screenshot();
  fs.writeFileSync(path.join(shots, 'gantt.png'), gpng);
  // the pixels, not the window's own count: the reported bar has its job's colour on screen,
  // and the bars' area holds many job-coloured pixels
  const gimg = census(gpng).img;
  const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 8);
  const atBar = gimg.rgb(Math.round(gs.bar.x), Math.round(gs.bar.y));
  let barPixels = 0;
  for (let y = Math.ceil(gs.area.y); y < gs.area.y + gs.area.h; y++)
    for (let x = Math.ceil(gs.area.x); x < gs.area.x + gs.area.w; x++) {
      const [r, gg, b] = gimg.rgb(x, y), mx = Math.max(r, gg, b), mn = Math.min(r, gg, b);
      if (mx >= 150 && (mx - mn) / mx >= 0.4) barPixels++;
    }
  check('Gantt window draws bars (job colours on screen)', gs.bars >= 5 && gs.bar.job >= 0 && near(atBar, gs.bar.rgb) && barPixels > 300,
        `${JSON.stringify(gs)}; pixel at the bar ${atBar}, ${barPixels} job-coloured pixels in the bars' area`);
  await g.mouse.move(gs.bar.x, gs.bar.y);
  await until(g, (j) => JSON.parse(window.alloclab.command('gantt')).hovered === j, gs.bar.job);
  const hov = JSON.parse(await g.evaluate(() => window.alloclab.command('gantt')));
  fs.writeFileSync(path.join(shots, 'gantt-hover.png'), await g.screenshot());
  check('Gantt: hovering a bar names its job (tooltip)', hov.hovered === gs.bar.job, `hovered ${hov.hovered}, bar ${gs.bar.job} (waited up to 10 s for the hover)`);
  await g.mouse.click(gs.bar.x, gs.bar.y);
  await until(g, (j) => window.alloclab.state().pinned === j, gs.bar.job);
  const pin = (await g.evaluate(() => window.alloclab.state())).pinned;
  fs.writeFileSync(path.join(shots, 'gantt-pinned.png'), await g.screenshot());
  check('Gantt: clicking a bar pins the job (the mesh view pin)', pin === gs.bar.job, `pinned ${pin}, bar ${gs.bar.job} (waited up to 10 s for the pin)`);
  await g.close();

  const link = 'size=16x16&arrival=poisson:0.03&jobs=300';
  const c = await open(link);
  await c.evaluate(() => window.alloclab.command('setMode', 'Compare'));
  await c.evaluate(() => window.alloclab.command('compare', 'ff,bf'));
  const web = JSON.parse(await c.evaluate(() => window.alloclab.command('firstDifference')));
  await frames(c, 3);
  fs.writeFileSync(path.join(shots, 'compare-first-difference.png'), await c.screenshot());
  const nat = JSON.parse(nativeCli(['diff', link + '&strategy=ff', link + '&strategy=bf']));
  const cs = await c.evaluate(() => window.alloclab.state());
  check('Compare first difference stops at the same job and time as alloclab diff', web.job === nat.job && web.time === nat.time &&
        JSON.stringify(web.runs.map((r) => r.blocks)) === JSON.stringify(nat.runs.map((r) => r.blocks)) && cs.playing === false &&
        cs.compareTimes.every((t) => t <= nat.time) && cs.compareTimes.some((t) => t === nat.time),
        `web job ${web.job} t ${web.time}, native job ${nat.job} t ${nat.time}, runs at ${cs.compareTimes}`);
  await c.close();
}
